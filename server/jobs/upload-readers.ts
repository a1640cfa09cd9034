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

  constructor(threads: number) {
    for (let i = 0; i < threads; i++) this.#readers.push(this.#spawn());
  }

  read(body: Uint8Array): Promise<UploadBody> {
    if (this.#closed) return Promise.reject(new Error('The server is stopping.'));
    // The least busy thread; bodies are few at a time (BOOTH_BODY_READS), so this stays short.
    const reader = this.#readers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
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
    const reader: Reader = { worker: new Worker(WORKER), pending: new Map() };
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
