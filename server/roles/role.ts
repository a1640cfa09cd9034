// What one server process does: `all` (the embedded default: every host in one process), `api`
// (the AI hub on Redis and S3, no engine) or `worker` (engines on the queue, a health endpoint).
//   npm run serve -- --role api
// Each role is composed in its own module: booth.ts (all), api-node.ts, worker-node.ts.
import type { Hono } from 'hono';
import type { ServerAddresses } from '../publish/build-env.ts';

export const ROLES = ['all', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/** The role named by `--role NAME` or `--role=NAME` (default `all`), or the sentence saying what is wrong. */
export function roleOf(args: readonly string[]): { role: Role } | { problem: string } {
  let named: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--role') named = args[++i] ?? '';
    else if (arg.startsWith('--role=')) named = arg.slice('--role='.length);
    else
      return {
        problem: `Unknown argument ${arg}: the server takes --role ${ROLES.join('|')} and reads everything else from its settings (server/README.md).`,
      };
  }
  if (named === undefined) return { role: 'all' };
  if ((ROLES as readonly string[]).includes(named)) return { role: named as Role };
  return {
    problem: `Unknown role "${named}": use --role all (the default: everything in one process), api or worker (docs/deploy.md).`,
  };
}

/** A role other than `all` needs the shared queue and store: nothing else would hold its jobs. */
export function roleProblem(role: Role, scaleOn: boolean): string | null {
  if (role === 'all' || scaleOn) return null;
  return `--role ${role} needs the shared job queue and store: set BOOTH_REDIS_URL and BOOTH_S3_BUCKET (docs/deploy.md).`;
}

/** What main.ts listens with and stops, whichever role it started. */
export interface RoleProcess {
  app: Hono;
  close(): Promise<void>;
  /** Told the addresses the process listens on; only the embedded default uses them (a publish builds against itself). */
  listening?(at: ServerAddresses): void;
}
