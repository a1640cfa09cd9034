// A fixed set of worker threads, each with its own engine, fed one task at a time.
// The CPU restyles in the workers, so the main thread keeps answering requests meanwhile.
import { Worker } from 'node:worker_threads';
import type { EngineResult } from '../engine/engine.ts';
import type { FrameFiles } from '../brand/brand-frame.ts';
import { pickFair, ServedOrder } from '../limits/fair-limiter.ts';

export interface RestyleTask {
  jobId: string;
  /** null: the photo is a finished picture (a provider's), only to be framed. */
  styleId: string | null;
  photo: Uint8Array;
  /** The tenant's brand frame or logo mark, and its mirror, put on the result in the worker. */
  frame?: FrameFiles;
  /** Who asked (see limits/client-address.ts): a free worker takes the next job of the client with fewest running. */
  client?: string;
}

/** What the pool sends a worker with each task. */
export type WorkerTask = Omit<RestyleTask, 'client'>;

/** A task's result; `frameProblem` says why the frame could not be put on it (it is unframed). */
export type PoolResult = EngineResult & { frameProblem?: string };

/** What a worker posts back (see engine-worker.ts). */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'start-failed'; detail: string }
  | { type: 'done'; jobId: string; result: EngineResult; frameProblem?: string }
  | { type: 'failed'; jobId: string; visitorMessage: string | null; detail: string };

/** The engine refused the photo with a message meant for the visitor (an EngineError). */
export class VisitorFacingError extends Error {
  override name = 'VisitorFacingError';
}
export class TaskTimeoutError extends Error {
  override name = 'TaskTimeoutError';
}

export interface PoolOptions {
  size: number;
  /** The worker's module; tests pass a small worker of their own. */
  workerScript: URL;
  workerData?: unknown;
  timeoutMs: number;
  log?: (message: string) => void;
}

interface Pending {
  task: RestyleTask;
  onStart: () => void;
  resolve: (result: PoolResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  index: number;
  worker: Worker;
  state: 'starting' | 'ready' | 'busy' | 'failed' | 'stopped';
  current?: Pending;
  timer?: NodeJS.Timeout;
  startError?: string;
}

// A task without a client is nobody's flood: it counts as a client of its own.
const clientOf = (pending: Pending) => pending.task.client ?? `job ${pending.task.jobId}`;

export class WorkerPool {
  #options: PoolOptions;
  #slots: Slot[] = [];
  #waiting: Pending[] = [];
  #served = new ServedOrder();
  /**
   * Workers one client may hold at once: all but one, so that a visitor's job always finds a
   * worker free of a flooding client's jobs (whose photos may take seconds each).
   */
  #perClient: number;
  #closed = false;

  constructor(options: PoolOptions) {
    this.#options = options;
    this.#perClient = Math.max(1, options.size - 1);
    for (let i = 0; i < options.size; i++) this.#slots.push(this.#spawn(i));
  }

  /** Resolves with the engine's result; onStart runs when a worker takes the task. */
  run(task: RestyleTask, onStart: () => void = () => {}): Promise<PoolResult> {
    if (this.#closed) return Promise.reject(new Error('The worker pool is closed.'));
    // Workers that failed to start get another chance when work arrives.
    for (const slot of this.#slots) if (slot.state === 'failed') this.#replace(slot);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ task, onStart, resolve, reject });
      this.#dispatch();
    });
  }

  get busy(): number {
    return this.#slots.filter((s) => s.state === 'busy').length + this.#waiting.length;
  }

  async close() {
    this.#closed = true;
    for (const p of this.#waiting.splice(0)) p.reject(new Error('The server is stopping.'));
    await Promise.all(
      this.#slots.map(async (slot) => {
        clearTimeout(slot.timer);
        slot.state = 'stopped';
        slot.current?.reject(new Error('The server is stopping.'));
        await slot.worker.terminate();
      }),
    );
  }

  #spawn(index: number): Slot {
    const worker = new Worker(this.#options.workerScript, { workerData: this.#options.workerData });
    const slot: Slot = { index, worker, state: 'starting' };
    worker.on('message', (message: WorkerMessage) => this.#onMessage(slot, message));
    worker.on('error', (error: Error) => this.#onExit(slot, error.stack ?? error.message));
    worker.on('exit', (code) => this.#onExit(slot, `exit code ${code}`));
    return slot;
  }

  #replace(slot: Slot) {
    if (this.#closed) return;
    const next = this.#spawn(slot.index);
    this.#slots[slot.index] = next;
    if (slot.state !== 'stopped') {
      slot.state = 'stopped';
      void slot.worker.terminate();
    }
  }

  #onMessage(slot: Slot, message: WorkerMessage) {
    if (message.type === 'ready') {
      slot.state = 'ready';
      this.#options.log?.(`worker ${slot.index} ready`);
    } else if (message.type === 'start-failed') {
      slot.state = 'failed';
      slot.startError = message.detail;
      this.#options.log?.(`worker ${slot.index} could not start its engine: ${message.detail}`);
      this.#rejectIfNoWorkerCanStart();
    } else {
      const current = slot.current;
      if (!current || current.task.jobId !== message.jobId) return;
      this.#release(slot);
      if (message.type === 'done')
        current.resolve(
          message.frameProblem ? { ...message.result, frameProblem: message.frameProblem } : message.result,
        );
      else if (message.visitorMessage) current.reject(new VisitorFacingError(message.visitorMessage));
      else current.reject(new Error(message.detail));
    }
    this.#dispatch();
  }

  #onExit(slot: Slot, reason: string) {
    // A worker whose engine failed to start ends by itself; it is replaced when work arrives.
    if (slot.state === 'stopped' || slot.state === 'failed' || this.#closed || this.#slots[slot.index] !== slot) return;
    const current = slot.current;
    this.#release(slot);
    slot.state = 'stopped';
    this.#options.log?.(`worker ${slot.index} stopped (${reason}); starting a new one`);
    current?.reject(new Error(`The worker stopped while restyling: ${reason}`));
    this.#slots[slot.index] = this.#spawn(slot.index);
  }

  #release(slot: Slot) {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.current = undefined;
    if (slot.state === 'busy') slot.state = 'ready';
  }

  #dispatch() {
    for (const slot of this.#slots) {
      if (slot.state !== 'ready') continue;
      const at = pickFair(this.#waiting, clientOf, this.#runningPerClient(), this.#perClient, this.#served.map);
      if (at < 0) return;
      const [next] = this.#waiting.splice(at, 1) as [Pending];
      this.#served.started(clientOf(next));
      slot.state = 'busy';
      slot.current = next;
      // An engine stuck in synchronous work cannot be interrupted: stop its thread instead.
      slot.timer = setTimeout(() => {
        if (slot.current !== next) return;
        this.#release(slot);
        next.reject(new TaskTimeoutError(`The job took longer than ${this.#options.timeoutMs} ms.`));
        this.#replace(slot);
      }, this.#options.timeoutMs);
      next.onStart();
      const { jobId, styleId, photo, frame } = next.task;
      slot.worker.postMessage({ type: 'restyle', jobId, styleId, photo, frame } satisfies {
        type: 'restyle';
      } & WorkerTask);
    }
  }

  #runningPerClient(): Map<string, number> {
    const running = new Map<string, number>();
    for (const slot of this.#slots) {
      if (slot.current) running.set(clientOf(slot.current), (running.get(clientOf(slot.current)) ?? 0) + 1);
    }
    return running;
  }

  #rejectIfNoWorkerCanStart() {
    if (this.#slots.some((s) => s.state !== 'failed')) return;
    const detail = this.#slots.map((s) => s.startError).find(Boolean) ?? 'unknown reason';
    for (const p of this.#waiting.splice(0)) p.reject(new Error(`No engine worker could start: ${detail}`));
  }
}
