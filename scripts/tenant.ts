// The ops CLI over the operator console's API, for scripts and CI:
//   npm run tenant -- list [--json]
//   npm run tenant -- add SLUG --file branding.json
//   npm run tenant -- set SLUG --file branding.json
//   npm run tenant -- remove SLUG
//   npm run tenant -- publish [SLUG…] [--all]
//   npm run tenant -- leads SLUG [--delete ADDRESS]
// It talks to a running booth at BOOTH_URL (default http://localhost:4321) as the service
// account (BOOTH_SERVICE_USERNAME, BOOTH_SERVICE_PASSWORD). Exit code 0, or 1 with one paragraph.
import fs from 'node:fs';
import { DEFAULT_PORT } from '../contract/index.ts';
import { SHARED_SETTINGS, httpUrl, readEnv, SettingsError } from '../contract/settings.ts';
import type { PublishRun } from '../contract/console-api.ts';
import { slugProblem } from '../contract/slug.ts';
import { ConsoleClient, ConsoleError } from './tenant/console-client.ts';

const USAGE = `Usage: npm run tenant -- <command>
  list [--json]                 the tenants, with their problems
  add SLUG --file FILE.json     a new tenant with the branding in FILE.json
  set SLUG --file FILE.json     replace a tenant's branding with FILE.json
  remove SLUG                   delete a tenant and its files
  publish [SLUG…]               rebuild these tenants' pages (none: the changed and deleted ones)
  publish --all                 rebuild every tenant's pages
  leads SLUG                    the tenant's leads as CSV, on standard output
  leads SLUG --delete ADDRESS   delete every lead of the tenant with that email address
Settings: BOOTH_URL (default http://localhost:${DEFAULT_PORT}), BOOTH_SERVICE_USERNAME, BOOTH_SERVICE_PASSWORD.`;

class UsageError extends Error {}

interface TenantView {
  slug: string;
  branding: { client?: string } | null;
  problems: string[];
}
/** Starts a publish and prints each step as the booth reports it; the problems at the end. */
async function publish(client: ConsoleClient, args: string[]): Promise<string> {
  const all = args.includes('--all');
  const slugs = args.filter((a) => a !== '--all');
  if (all && slugs.length) throw new UsageError('Give either --all or slugs, not both.');
  for (const slug of slugs) slugArg(slug);
  const body = all ? { all: true } : slugs.length ? { tenants: slugs } : {};
  let run = (await client.expect('POST', '/publish', [202], body)) as PublishRun;
  const which = run.tenants === 'all' ? 'every tenant' : run.tenants.join(', ');
  process.stdout.write(`Publishing ${which}…\n`);
  let shown = '';
  for (;;) {
    const line = `  [${run.progress.done}/${run.progress.total}] ${run.progress.step}`;
    if (line !== shown && run.status === 'running') process.stdout.write(`${line}\n`);
    shown = line;
    if (run.status !== 'running') break;
    run = (await client.expect('GET', `/publish/${encodeURIComponent(run.id)}?wait=30`, [200])) as PublishRun;
  }
  const problems = run.problems.map((p) => `\n  problem: ${p}`).join('');
  if (run.status === 'failed')
    throw new ConsoleError(`The publish failed: ${run.error ?? 'no reason given'}${problems}`);
  return `Published ${which}.${problems}`;
}

/** The tenant's leads as CSV, or one address's leads deleted. */
async function leads(client: ConsoleClient, path: string, args: string[]): Promise<string> {
  if (args[0] === '--delete') {
    const address = args[1];
    if (!address) throw new UsageError('Give the email address whose leads are deleted: --delete ADDRESS.');
    const { deleted } = (await client.expect('POST', `${path}/leads/forget`, [200], { address })) as {
      deleted: number;
    };
    return deleted === 1 ? 'Deleted 1 lead.' : `Deleted ${deleted} leads.`;
  }
  if (args.length > 0) throw new UsageError(`Unknown argument "${args[0]}" for leads.`);
  // The CSV ends with its own line break; the caller adds one more.
  return (await client.text(`${path}/leads.csv`)).replace(/\r\n$/, '');
}

function slugArg(value: string | undefined): string {
  if (value === undefined) throw new UsageError('Name the tenant: its slug.');
  const why = slugProblem(value);
  if (why && value !== 'default') throw new UsageError(`The ${why}.`);
  return value;
}

function brandingFile(args: string[], slug: string): Record<string, unknown> {
  const at = args.indexOf('--file');
  const file = at >= 0 ? args[at + 1] : undefined;
  if (!file) throw new UsageError('Give the branding with --file FILE.json.');
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON (${(error as Error).message.replace(/\s+/g, ' ')}).`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(`${file} must hold one JSON object of branding fields, such as {"client": "Gala Night"}.`);
  const item = value as Record<string, unknown>;
  if (item.slug !== undefined && item.slug !== slug)
    throw new UsageError(`${file} is for the slug ${JSON.stringify(item.slug)}, not ${JSON.stringify(slug)}.`);
  return { ...item, slug };
}

async function run(argv: string[]): Promise<string> {
  const [command, ...args] = argv;
  if (!command || command === '--help' || command === 'help') throw new UsageError('');
  const env = readEnv(
    { ...SHARED_SETTINGS, BOOTH_URL: httpUrl.default(`http://localhost:${DEFAULT_PORT}`) },
    process.env,
  );
  const known = ['list', 'add', 'set', 'remove', 'publish', 'leads'];
  if (!known.includes(command)) throw new UsageError(`There is no command "${command}".`);
  if (command === 'publish') {
    // The slugs are checked before the booth is asked anything.
    for (const slug of args.filter((a) => a !== '--all')) slugArg(slug);
    const client = new ConsoleClient(env.BOOTH_URL);
    await client.signIn(env.BOOTH_SERVICE_USERNAME, env.BOOTH_SERVICE_PASSWORD);
    return publish(client, args);
  }
  // The file and the slug are checked before the booth is asked anything.
  const slug = command === 'list' ? '' : slugArg(args[0]);
  const branding = command === 'add' || command === 'set' ? brandingFile(args, slug) : null;

  const client = new ConsoleClient(env.BOOTH_URL);
  await client.signIn(env.BOOTH_SERVICE_USERNAME, env.BOOTH_SERVICE_PASSWORD);
  const path = `/tenants/${encodeURIComponent(slug)}`;
  const warnings = (body: unknown) => {
    const fields = (body as { warnings?: Record<string, string[]> }).warnings ?? {};
    return Object.entries(fields)
      .flatMap(([field, list]) => list.map((w) => `\n  warning: ${field}: ${w}`))
      .join('');
  };
  switch (command) {
    case 'leads':
      return leads(client, path, args.slice(1));
    case 'list': {
      const tenants = (await client.expect('GET', '/tenants', [200])) as TenantView[];
      if (args.includes('--json')) return JSON.stringify(tenants, null, 2);
      return tenants
        .map(
          (t) =>
            `${t.slug}\t${t.branding?.client ?? ''}${t.problems.length ? `\t(${t.problems.length} problem${t.problems.length > 1 ? 's' : ''})` : ''}`,
        )
        .join('\n');
    }
    case 'add':
      return `Added ${slug}.${warnings(await client.expect('POST', '/tenants', [201], branding))}`;
    case 'set':
      return `Updated ${slug}.${warnings(await client.expect('PUT', path, [200], branding))}`;
    default:
      await client.expect('DELETE', path, [204]);
      return `Removed ${slug} and its files.`;
  }
}

try {
  process.stdout.write(`${await run(process.argv.slice(2))}\n`);
} catch (error) {
  if (error instanceof UsageError) process.stderr.write(`${error.message ? `${error.message}\n\n` : ''}${USAGE}\n`);
  else if (error instanceof ConsoleError || error instanceof SettingsError) process.stderr.write(`${error.message}\n`);
  else throw error;
  process.exitCode = 1;
}
