// Runs one of the project's scripts the way a person does (`npx node scripts/build.ts`), with
// extra environment, and hands back its exit code and output.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
export const RUNS = join(ROOT, '.test-runs', 'build');

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runScript(script: string, env: Record<string, string>, args: string[] = []): Promise<ScriptRun> {
  return startScript(script, env, args).done;
}

/** The same, with the running process at hand (to signal it). */
export function startScript(script: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<ScriptRun>((resolve, reject) => {
    child.on('error', reject);
    // 'close', not 'exit': only then has all of the output been read from the pipes.
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

/** Environment pointing all three build-time hosts at one origin. */
export const hostsAt = (url: string) => ({ BOOTH_AUTH_HOST: url, BOOTH_CONTENT_HOST: url, BOOTH_AI_HOST: url });

/** Every file under a folder, as paths relative to it. */
export function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix)).flatMap((name) => {
    const rel = prefix ? `${prefix}/${name}` : name;
    return statSync(join(dir, rel)).isDirectory() ? listFiles(dir, rel) : [rel];
  });
}

/** Files under `dir` whose bytes contain `needle`. */
export function filesContaining(dir: string, needle: string): string[] {
  const bytes = Buffer.from(needle);
  return listFiles(dir).filter((file) => readFileSync(join(dir, file)).includes(bytes));
}

/** The processes `pid` has started that still run, with their command lines (Linux: /proc). */
export function childProcesses(pid: number): { pid: number; command: string }[] {
  // A process may end between two reads: it then has no command line, and is left out.
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  return read(`/proc/${pid}/task/${pid}/children`)
    .split(' ')
    .filter(Boolean)
    .map((child) => ({ pid: Number(child), command: read(`/proc/${child}/cmdline`).replaceAll('\0', ' ').trim() }))
    .filter((p) => p.command);
}
