import { afterEach, describe, expect, it } from 'vitest';
import { TaskTimeoutError, VisitorFacingError, WorkerPool } from '../../../server/run/pool.ts';
import { patience } from '../../support/patience.ts';

const TEST_WORKER = new URL('./support/test-worker.ts', import.meta.url);
const photo = new Uint8Array([1, 2, 3]);
let pool: WorkerPool | undefined;

function makePool(options: { size?: number; timeoutMs?: number; failStart?: boolean } = {}) {
  pool = new WorkerPool({
    size: options.size ?? 1,
    workerScript: TEST_WORKER,
    workerData: { failStart: options.failStart },
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  return pool;
}

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('engine worker pool', () => {
  it("returns the engine's result", async () => {
    const result = await makePool().run({ jobId: 'a', styleId: 'sticker', photo });
    expect(result.prompt).toBe('echo sticker');
    expect(Array.from(result.images[0]!.data)).toEqual([1, 2, 3]);
  });

  it('runs one task per worker at a time, in parallel across workers', async () => {
    const p = makePool({ size: 2 });
    const started: string[] = [];
    const finished: string[] = [];
    const runs = ['a', 'b', 'c'].map((jobId) =>
      p.run({ jobId, styleId: 'hold', photo }, () => started.push(jobId)).then(() => finished.push(jobId)),
    );
    // Workers take a moment to start on a busy machine; each task then holds its worker for 3 s.
    await expect.poll(() => started, { timeout: patience(10_000) }).toEqual(['a', 'b']);
    expect(finished).toEqual([]);
    await Promise.all(runs);
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('passes an engine message meant for the visitor through, and hides others', async () => {
    const p = makePool();
    await expect(p.run({ jobId: 'a', styleId: 'refuse', photo })).rejects.toEqual(
      new VisitorFacingError('No person in the photo.'),
    );
    const hidden = await p.run({ jobId: 'b', styleId: 'throw', photo }).catch((e: Error) => e);
    expect(hidden).not.toBeInstanceOf(VisitorFacingError);
    expect((hidden as Error).message).toContain('TypeError');
  });

  it('stops a task over the time limit and keeps serving with a new worker', async () => {
    const p = makePool({ timeoutMs: 1_000 });
    await expect(p.run({ jobId: 'a', styleId: 'spin', photo })).rejects.toBeInstanceOf(TaskTimeoutError);
    expect((await p.run({ jobId: 'b', styleId: 's', photo })).prompt).toBe('echo s');
  });

  it('survives a worker that crashes', async () => {
    const p = makePool();
    await expect(p.run({ jobId: 'a', styleId: 'crash', photo })).rejects.toThrow(/worker stopped/);
    expect((await p.run({ jobId: 'b', styleId: 's', photo })).prompt).toBe('echo s');
  });

  it('fails tasks instead of hanging when no engine can start', async () => {
    const p = makePool({ failStart: true, size: 2 });
    await expect(p.run({ jobId: 'a', styleId: 's', photo })).rejects.toThrow(
      /No engine worker could start: model file missing/,
    );
  });
});
