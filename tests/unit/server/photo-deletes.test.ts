import { describe, expect, it } from 'vitest';
import { PhotoDeletes } from '../../../server/scale/photo-deletes.ts';

/** A store that records each delete call's keys, and fails while `down`. */
function fakeStore() {
  const calls: string[][] = [];
  const store = {
    down: false,
    calls,
    async delete(keys: string[]) {
      calls.push(keys);
      if (store.down) throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
    },
  };
  return store;
}

describe('photo deletes of ended jobs', () => {
  it('sends the photos of jobs that end close together in one call, after a moment', async () => {
    const store = fakeStore();
    const deletes = new PhotoDeletes(store, () => {}, 20);
    deletes.add('photos/a.jpg');
    deletes.add('photos/b.png');
    deletes.add('photos/a.jpg');
    expect(store.calls).toEqual([]);
    await expect.poll(() => store.calls).toEqual([['photos/a.jpg', 'photos/b.png']]);
    expect(deletes.pending).toBe(0);
    deletes.add('photos/c.jpg');
    await expect.poll(() => store.calls).toHaveLength(2);
    expect(store.calls[1]).toEqual(['photos/c.jpg']);
  });

  it('sends what waits at once on flush (a worker stopping), and at most 1000 keys a call', async () => {
    const store = fakeStore();
    const deletes = new PhotoDeletes(store, () => {}, 60_000);
    for (let i = 0; i < 1001; i++) deletes.add(`photos/${i}.jpg`);
    await deletes.flush();
    expect(store.calls.map((keys) => keys.length)).toEqual([1000, 1]);
  });

  it('logs a batch the store refused and leaves it to retention, without holding it in memory', async () => {
    const store = fakeStore();
    const lines: string[] = [];
    const deletes = new PhotoDeletes(store, (line) => lines.push(line), 60_000);
    store.down = true;
    deletes.add('photos/a.jpg');
    await deletes.flush();
    expect(lines).toEqual([expect.stringMatching(/^1 photo\(s\) of ended jobs could not be deleted \(Error: connect ECONNREFUSED.*\); retention deletes them with their jobs$/)]);
    expect(deletes.pending).toBe(0);
  });
});
