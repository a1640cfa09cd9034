// The threads that read create-job bodies (upload-worker.ts), each body handed over without a
// copy. A thread that dies is replaced, and the bodies it held are answered as failed.
import { Worker } from 'node:worker_threads';
import type { UploadBody } from './upload-body.ts';

const WORKER = new URL('./upload-worker.ts', import.meta.url);

interface Reader {
  worker: Worker;
  pending: Map<number, { resolve: (body: UploadBody) => void; reject: (error: Error) => void }>;
}

export class UploadReaders {
  #readers: Reader[] = [];
  #nextId = 0;
  #closed = false;

  #heapMb: number;

  /** `maxBodyBytes` sizes each thread's heap: a body is held about three times while parsed. */
  constructor(threads: number, maxBodyBytes: number) {
    // A small heap is collected early: without a bound, each thread's heap grows by hundreds
    // of MB under a flood of large bodies before V8 bothers to collect.
    this.#heapMb = Math.max(64, Math.ceil((4 * maxBodyBytes) / (1024 * 1024)));
    for (let i = 0; i < threads; i++) this.#readers.push(this.#spawn());
  }

  /** A small body (a camera photo) has the first thread to itself, so it never waits behind a large one. */
  read(body: Uint8Array, size: 'small' | 'large'): Promise<UploadBody> {
    if (this.#closed) return Promise.reject(new Error('The server is stopping.'));
    const lane = size === 'small' || this.#readers.length === 1 ? this.#readers.slice(0, 1) : this.#readers.slice(1);
    const reader = lane.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      reader.pending.set(id, { resolve, reject });
      const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
      reader.worker.postMessage({ id, body }, whole ? [body.buffer as ArrayBuffer] : []);
    });
  }

  async close() {
    this.#closed = true;
    await Promise.all(this.#readers.map((r) => r.worker.terminate()));
  }

  #spawn(): Reader {
    const worker = new Worker(WORKER, {
      resourceLimits: { maxOldGenerationSizeMb: this.#heapMb, maxYoungGenerationSizeMb: 16 },
    });
    const reader: Reader = { worker, pending: new Map() };
    reader.worker.unref();
    reader.worker.on('message', ({ id, result }: { id: number; result: UploadBody }) => {
      reader.pending.get(id)?.resolve(result);
      reader.pending.delete(id);
    });
    const replace = (why: string) => {
      for (const { reject } of reader.pending.values()) reject(new Error(`The upload reader stopped: ${why}`));
      reader.pending.clear();
      if (this.#closed) return;
      const at = this.#readers.indexOf(reader);
      if (at >= 0) this.#readers[at] = this.#spawn();
    };
    reader.worker.on('error', (error: Error) => replace(error.message));
    reader.worker.on('exit', (code) => replace(`exit code ${code}`));
    return reader;
  }
}
