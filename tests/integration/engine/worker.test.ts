// The server runs one engine per worker thread: a bad photo must not take the worker down.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './support/pixels.ts';

let worker: Worker;
let exited = false;

function job(photo: Uint8Array, styleId: string): Promise<Record<string, unknown>> {
  worker.postMessage({ photo, styleId });
  return once(worker, 'message').then(([reply]) => reply as Record<string, unknown>);
}

beforeAll(async () => {
  worker = new Worker(new URL('./support/engine-worker.ts', import.meta.url));
  worker.on('exit', () => {
    exited = true;
  });
  const [ready] = await once(worker, 'message');
  expect(ready).toEqual({ ready: true });
});

afterAll(() => worker?.terminate());

describe('the local engine in a worker thread', () => {
  it('restyles a photo', async () => {
    const reply = await job(fixture('grace_hopper.jpg'), 'die-cut-sticker');
    expect(reply).toMatchObject({ ok: true, prompt: expect.stringContaining('sticker') });
  });

  it('answers a corrupt photo with an EngineError and lives on for the next job', async () => {
    const corrupt = await job(fixture('grace_hopper.jpg').subarray(0, 3000), 'comic');
    expect(corrupt).toEqual({
      ok: false,
      name: 'EngineError',
      message: "We couldn't read that photo. Please take it again.",
    });
    const next = await job(fixture('astronaut.jpg'), 'comic');
    expect(next).toMatchObject({ ok: true });
    expect(exited).toBe(false);
  });
});
