// Starts the real embedded server (node server/main.ts) as a child process on an ephemeral port
// with its own data folder, and hands back its address and output: what the integration and
// browser tests and the benchmarks run against.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseListeningLine, type Listening } from '../../server/listen/listening-line.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(REPO_ROOT, 'server/main.ts');
// Five times an ordinary day's start (models load, warm-up), as the suite's bounds are (tests/support/patience.ts).
const START_TIMEOUT_MS = 300_000;

export interface RunningServer {
  url: string;
  port: number;
  /** https://127.0.0.1:{port} of the listener for phones, unless BOOTH_HTTPS=off. */
  httpsUrl: string | null;
  dataDir: string;
  /** The server's process id, e.g. to read its memory from /proc. */
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then waits for the process to end. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, nothing cleaned up. */
  kill(): void;
  exited: Promise<number | null>;
}

/** A memory figure of the process from /proc (bytes); Linux only. */
const procMemory = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) *
  1024;

/** The memory the process holds now (VmRSS, bytes). */
export const currentRss = (pid: number) => procMemory(pid, 'VmRSS');
/** The most memory the process has held so far (VmHWM, bytes). */
export const peakRss = (pid: number) => procMemory(pid, 'VmHWM');

const listeners = (output: string) =>
  output
    .split('\n')
    .map(parseListeningLine)
    .filter((l): l is Listening => l !== null);

export function newDataDir(area = 'server'): string {
  const dir = path.join(REPO_ROOT, '.test-runs', area, `${Date.now()}-${crypto.randomBytes(3).toString('hex')}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export interface ServerOptions {
  env?: Record<string, string>;
  /** Arguments of server/main.ts, such as ['--role', 'api']. */
  args?: string[];
  dataDir?: string;
  /** Run as this user (a root caller only): file permissions then apply to the server as to anyone. */
  user?: { uid: number; gid: number };
}

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? newDataDir();
  const child = spawn(process.execPath, [MAIN, ...(opts.args ?? [])], {
    cwd: REPO_ROOT,
    // As `npm start` runs it (scripts/start.ts): two malloc arenas.
    // The published site data of its own (none until a publish): a tenants.generated.json left
    // in the project by a build must not decide what a test server's results carry.
    env: {
      ...process.env,
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
      PORT: '0',
      BOOTH_HOST: '127.0.0.1',
      BOOTH_DATA_DIR: dataDir,
      BOOTH_SITE_DATA: path.join(dataDir, 'tenants.generated.json'),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...opts.user,
  });
  let output = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  // 'close', not 'exit': only then has all of the output been read from the pipes.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const http = listeners(output).find((l) => l.scheme === 'http');
      if (!http) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve(Number(new URL(http.local).port));
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code} before listening:\n${stderr || output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    httpsUrl: listeners(output).find((l) => l.scheme === 'https')?.local ?? null,
    dataDir,
    pid: child.pid!,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}
