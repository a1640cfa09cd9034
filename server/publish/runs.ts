// Publishing from the console: one build at a time, run as `node scripts/build.ts [SLUG…]` in
// a child process with the settings `npm start` gives the build (build-env.ts). Its "step:" lines
// are the run's progress; the problems are those it wrote into the site data, and its error the
// sentence it printed. The build swaps the new pages in itself, and the site host reads dist/
// on every request, so the booth serves them at once; a failed build leaves the old ones.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import type { PublishRun as Run } from '../../contract/console-api.ts';
import { log } from '../process/log.ts';
import { lastBuild } from './changes.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
const BUILD_SCRIPT = path.join(REPO_ROOT, 'scripts', 'build.ts');
/** Steps a build prints: reading, building or rendering (and web-app files), putting in place. */
const STEPS = 4;
/** Finished runs kept for GET /publish/{id}. */
const KEPT_RUNS = 20;
/** What is kept of the build's error output. */
const ERROR_CHARS = 4_000;

export interface PublisherOptions {
  /** The build's environment: build-env.ts, once the server listens. */
  buildEnv: () => Record<string, string> | null;
  siteDataFile: string;
  /** The build script (tests give a stand-in that fails). */
  script?: string;
  /** Told after a publish succeeded. */
  published?: () => void;
}

/** "step: …" lines and "note: …" lines of scripts/build.ts; the rest is its summary. */
function readLine(run: Run, line: string, notes: string[]) {
  const step = /^step: (.+)$/.exec(line);
  if (step) {
    if (run.progress.step) run.progress.done = Math.min(run.progress.done + 1, run.progress.total - 1);
    // A publish that became a full build has one step more.
    if (/^A full build/.test(step[1]!)) run.progress.total += 1;
    run.progress.step = step[1]!;
  }
  const note = /^note: (.+)$/.exec(line);
  if (note) notes.push(note[1]!);
}

/** The build's own sentence: its first line, and the line saying the previous site stays. */
export function errorSentence(stderr: string, code: number | null): string {
  const lines = stderr
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length)
    return `The site build stopped (exit ${code}) without saying why; the previous site is still served.`;
  const kept = lines.find((l) => /^The previous site/.test(l));
  return [lines[0], ...(kept && kept !== lines[0] ? [kept] : [])].join(' ');
}

export class Publisher {
  readonly #options: PublisherOptions;
  readonly #runs = new Map<string, Run>();
  readonly #changes = new EventEmitter();
  #running: Run | null = null;
  #child: ChildProcess | null = null;
  #last: Run | null = null;

  constructor(options: PublisherOptions) {
    this.#options = options;
    this.#changes.setMaxListeners(0);
  }

  get running(): Run | null {
    return this.#running;
  }

  get last(): Run | null {
    return this.#last;
  }

  find(id: string): Run | undefined {
    return this.#runs.get(id);
  }

  /** The new run, or null while another runs (one at a time: both would replace the same folders). */
  start(tenants: string[] | 'all'): Run | null {
    if (this.#running) return null;
    const env = this.#options.buildEnv();
    if (!env) throw new Error('The server is not listening yet.');
    const run: Run = {
      id: crypto.randomUUID(),
      status: 'running',
      tenants,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      progress: { done: 0, total: STEPS, step: 'Starting the build' },
      problems: [],
      error: null,
    };
    this.#running = run;
    this.#runs.set(run.id, run);
    for (const id of [...this.#runs.keys()].slice(0, Math.max(0, this.#runs.size - KEPT_RUNS))) this.#runs.delete(id);
    this.#spawn(run, env);
    return run;
  }

  #spawn(run: Run, env: Record<string, string>) {
    const args = run.tenants === 'all' ? [] : run.tenants;
    const child = spawn(process.execPath, [this.#options.script ?? BUILD_SCRIPT, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    const notes: string[] = [];
    let buffered = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) readLine(run, line, notes);
      this.#changes.emit('change');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-ERROR_CHARS);
    });
    const finish = (code: number | null, spawnError?: Error) => {
      if (run.status !== 'running') return;
      if (buffered) readLine(run, buffered, notes);
      run.finishedAt = new Date().toISOString();
      if (code === 0) {
        run.status = 'succeeded';
        run.progress = { done: run.progress.total, total: run.progress.total, step: 'Published' };
        run.problems = [...(lastBuild(this.#options.siteDataFile)?.problems ?? []), ...notes];
        this.#options.published?.();
      } else {
        run.status = 'failed';
        run.problems = notes;
        run.error = spawnError ? `Cannot start the site build: ${spawnError.message}.` : errorSentence(stderr, code);
      }
      log(`publish ${run.id} ${run.status}${run.error ? `: ${run.error}` : ''}`);
      this.#running = null;
      this.#child = null;
      this.#last = run;
      this.#changes.emit('change');
    };
    child.on('error', (error) => finish(null, error));
    child.on('close', (code) => finish(code));
  }

  /** Stops a running build: it throws its work in progress away and leaves the site as it was. */
  async close(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null) return;
    const closed = new Promise((resolve) => child.once('close', resolve));
    child.kill('SIGTERM');
    await closed;
  }

  /** Resolves when any run changes (state or progress), or after `ms`. */
  changed(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#changes.off('change', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#changes.on('change', done);
    });
  }
}
