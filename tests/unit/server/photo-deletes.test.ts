import { describe, expect, it } from 'vitest';
import { PhotoDeletes } from '../../../server/scale/photo-deletes.ts';

/** A store that records each delete call's keys, answers when `answer()` is called, and fails while `down`. */
function fakeStore() {
  const calls: string[][] = [];
  const answers: (() => void)[] = [];
  const store = {
    down: false,
    calls,
    answer: () => answers.shift()?.(),
    async delete(keys: string[]) {
      calls.push(keys);
      await new Promise<void>((resolve) => answers.push(resolve));
      if (store.down) throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
    },
  };
  return store;
}

describe('photo deletes of ended jobs', () => {
  it('sends a photo at once, and the photos of jobs that end meanwhile together in the next call', async () => {
    const store = fakeStore();
    const deletes = new PhotoDeletes(store, () => {});
    deletes.add('photos/a.jpg');
    expect(store.calls).toEqual([['photos/a.jpg']]);
    deletes.add('photos/b.png');
    deletes.add('photos/c.jpg');
    deletes.add('photos/b.png');
    expect(store.calls).toHaveLength(1);
    expect(deletes.pending).toBe(2);
    store.answer();
    await expect.poll(() => store.calls).toEqual([['photos/a.jpg'], ['photos/b.png', 'photos/c.jpg']]);
    const flushed = deletes.flush();
    store.answer();
    await flushed;
    expect(deletes.pending).toBe(0);
  });

  it('sends at most 1000 keys a call, and flush waits for every call (a worker stopping)', async () => {
    const store = fakeStore();
    const deletes = new PhotoDeletes(store, () => {});
    for (let i = 0; i < 1002; i++) deletes.add(`photos/${i}.jpg`);
    let flushed = false;
    const flushing = deletes.flush().then(() => (flushed = true));
    store.answer();
    await expect.poll(() => store.calls.length).toBe(2);
    store.answer();
    await expect.poll(() => store.calls.length).toBe(3);
    expect(flushed).toBe(false);
    store.answer();
    await flushing;
    expect(store.calls.map((keys) => keys.length)).toEqual([1, 1000, 1]);
  });

  it('logs a call the store refused and leaves its photos to retention, without holding them in memory', async () => {
    const store = fakeStore();
    const lines: string[] = [];
    const deletes = new PhotoDeletes(store, (line) => lines.push(line));
    store.down = true;
    deletes.add('photos/a.jpg');
    store.answer();
    await deletes.flush();
    expect(lines).toEqual([
      expect.stringMatching(
        /^1 photo\(s\) of ended jobs could not be deleted \(Error: connect ECONNREFUSED.*\); retention deletes them with their jobs$/,
      ),
    ]);
    expect(deletes.pending).toBe(0);
  });
});
