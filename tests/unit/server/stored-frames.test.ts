// The scale-out path's brand frames as an API node and a worker read them from the store: specs
// kept for a while (a miss too), the frame known before kept while the store does not answer,
// a spec that is not one refused, and images read once per key.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceUnavailableError } from '../../../server/jobs/job-backend.ts';
import { FrameImages, StoredFrames, frameSpecKey } from '../../../server/brand/stored-frames.ts';
import { withBackdrop } from '../../../server/brand/frames.ts';

const IMAGE = `frames/images/${'ab'.repeat(32)}.png`;
const OTHER = `frames/images/${'cd'.repeat(32)}.png`;

/** A store of objects by key that counts its reads, and can be made to stop answering. */
function storeOf(objects: Record<string, unknown>) {
  const store = {
    objects: new Map(
      Object.entries(objects).map(([key, value]) => [
        key,
        typeof value === 'string' || value instanceof Uint8Array ? value : JSON.stringify(value),
      ]),
    ),
    reads: [] as string[],
    down: false,
    async getObject(key: string) {
      store.reads.push(key);
      if (store.down) throw new ServiceUnavailableError('photo store (S3)', 'connect ECONNREFUSED');
      const value = store.objects.get(key);
      return value === undefined ? null : typeof value === 'string' ? Buffer.from(value) : value;
    },
  };
  return store;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("an API node's tenant frame specs", () => {
  it('asks the store once per tenant within the set seconds, a miss included, then asks again', async () => {
    vi.useFakeTimers();
    const store = storeOf({ [frameSpecKey('gala')]: { frame: IMAGE } });
    const frames = new StoredFrames(store, { seconds: 10, log: () => {} });
    expect(await frames.frameOf('gala')).toEqual({ frame: IMAGE });
    expect(await frames.frameOf('gala')).toEqual({ frame: IMAGE });
    expect(await frames.frameOf('nobody')).toBeNull();
    expect(await frames.frameOf('nobody')).toBeNull();
    expect(store.reads).toEqual([frameSpecKey('gala'), frameSpecKey('nobody')]);
    store.objects.set(frameSpecKey('gala'), JSON.stringify({ mark: OTHER }));
    vi.advanceTimersByTime(10_001);
    expect(await frames.frameOf('gala')).toEqual({ mark: OTHER });
    expect(store.reads).toHaveLength(3);
  });

  it('asks once for many jobs of one tenant arriving together', async () => {
    const store = storeOf({ [frameSpecKey('gala')]: { frame: IMAGE } });
    const frames = new StoredFrames(store, { seconds: 10, log: () => {} });
    const all = await Promise.all(Array.from({ length: 5 }, () => frames.frameOf('gala')));
    expect(all).toEqual(Array(5).fill({ frame: IMAGE }));
    expect(store.reads).toHaveLength(1);
  });

  it('keeps the frame known before while the store does not answer, with one log line per outage', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const store = storeOf({ [frameSpecKey('gala')]: { frame: IMAGE } });
    const frames = new StoredFrames(store, { seconds: 1, log: (line) => lines.push(line) });
    expect(await frames.frameOf('gala')).toEqual({ frame: IMAGE });
    store.down = true;
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(1_001);
      expect(await frames.frameOf('gala')).toEqual({ frame: IMAGE });
    }
    // A tenant never read before runs unframed.
    expect(await frames.frameOf('aurora')).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/brand frames: the frame of tenant gala could not be read \(connect ECONNREFUSED\)/);
    store.down = false;
    vi.advanceTimersByTime(1_001);
    expect(await frames.frameOf('gala')).toEqual({ frame: IMAGE });
    expect(lines[1]).toBe('brand frames: the store answers again');
  });

  it('refuses a spec that is not one (a key outside the frame images, or not JSON), with a line', async () => {
    const lines: string[] = [];
    const store = storeOf({
      [frameSpecKey('a')]: { frame: 'photos/someone.jpg' },
      [frameSpecKey('b')]: '{not json',
      [frameSpecKey('c')]: { frame: IMAGE, mark: IMAGE },
    });
    const frames = new StoredFrames(store, { seconds: 10, log: (line) => lines.push(line) });
    for (const slug of ['a', 'b', 'c']) expect(await frames.frameOf(slug)).toBeNull();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/frames\/tenants\/a\.json in the store is not a frame spec/);
  });
});

describe("a tenant's mirrored results on the scale-out path", () => {
  it('reads a spec that mirrors, with a frame or alone, and hands the mirror to the worker', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const store = storeOf({
      [frameSpecKey('a')]: { mirror: true },
      [frameSpecKey('b')]: { frame: IMAGE, mirror: true },
      [frameSpecKey('c')]: { mirror: false },
      [IMAGE]: bytes,
    });
    const frames = new StoredFrames(store, { seconds: 10, log: () => {} });
    expect(await frames.frameOf('a')).toEqual({ mirror: true });
    expect(await frames.frameOf('b')).toEqual({ frame: IMAGE, mirror: true });
    expect(await frames.frameOf('c')).toBeNull();
    const images = new FrameImages(store);
    expect(await images.files({ mirror: true })).toEqual({ files: { mirror: true } });
    expect(await images.files({ frame: IMAGE, mirror: true })).toEqual({
      files: { frame: { key: IMAGE, data: bytes }, mirror: true },
    });
    // An image gone leaves the result unframed, but still mirrored.
    expect(await images.files({ mark: OTHER, mirror: true })).toEqual({
      files: { mirror: true },
      problem: `${OTHER} is missing from the store`,
    });
  });
});

describe("a tenant's pictures per guest on the scale-out path", () => {
  it('reads them from the spec, with a frame or alone, and refuses a count out of its range', async () => {
    const lines: string[] = [];
    const store = storeOf({
      [frameSpecKey('a')]: { pictures: 4, pictureStyles: ['comic', 'neon'] },
      [frameSpecKey('b')]: { frame: IMAGE, pictures: 2 },
      [frameSpecKey('c')]: { pictures: 9 },
      [frameSpecKey('d')]: { pictures: 3, pictureStyles: ['../etc'] },
    });
    const frames = new StoredFrames(store, { seconds: 10, log: (line) => lines.push(line) });
    expect(await frames.frameOf('a')).toEqual({ pictures: 4, pictureStyles: ['comic', 'neon'] });
    expect(await frames.frameOf('b')).toEqual({ frame: IMAGE, pictures: 2 });
    expect(await frames.frameOf('c')).toBeNull();
    expect(await frames.frameOf('d')).toBeNull();
    expect(lines).toHaveLength(2);
  });
});

describe("a worker's frame images", () => {
  it('reads each key once and hands the bytes over as the frame or the mark', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const store = storeOf({ [IMAGE]: bytes });
    const images = new FrameImages(store);
    expect(await images.files({ frame: IMAGE })).toEqual({ files: { frame: { key: IMAGE, data: bytes } } });
    expect(await images.files({ mark: IMAGE })).toEqual({ files: { mark: { key: IMAGE, data: bytes } } });
    expect(store.reads).toEqual([IMAGE]);
    expect(await images.files(null)).toEqual({});
  });

  it("hands the tenant's backdrop for the branded scene to the engine, with a frame or alone; one gone is left out", async () => {
    const frame = new Uint8Array([1]);
    const scene = new Uint8Array([2]);
    const images = new FrameImages(storeOf({ [IMAGE]: frame, [OTHER]: scene }));
    expect(await images.files({ frame: IMAGE, scene: OTHER })).toEqual({
      files: { frame: { key: IMAGE, data: frame }, scene: { key: OTHER, data: scene } },
    });
    expect(await images.files({ scene: OTHER, mirror: true })).toEqual({
      files: { scene: { key: OTHER, data: scene }, mirror: true },
    });
    expect(await new FrameImages(storeOf({})).files({ scene: OTHER })).toEqual({});
    const frames = new StoredFrames(storeOf({ [frameSpecKey('meadow')]: { scene: OTHER } }), {
      seconds: 10,
      log: () => {},
    });
    expect(await frames.frameOf('meadow')).toEqual({ scene: OTHER });
  });

  it("reads a tenant's backdrops in its order, a missing one kept in its place, and the job keeps the one picked", async () => {
    const store = storeOf({
      [frameSpecKey('meadow')]: { scenes: [IMAGE, '', OTHER] },
      [frameSpecKey('gala')]: { frame: IMAGE, scenes: [OTHER] },
      [frameSpecKey('bad')]: { scenes: [IMAGE, IMAGE, IMAGE, IMAGE, IMAGE] },
    });
    const frames = new StoredFrames(store, { seconds: 10, log: () => {} });
    const meadow = await frames.frameOf('meadow');
    expect(meadow).toEqual({ scenes: [IMAGE, '', OTHER] });
    expect(withBackdrop(meadow, 2)).toEqual({ scene: OTHER });
    // A backdrop whose file was missing when it was copied: the booth's own scene, the job runs.
    expect(withBackdrop(meadow, 1)).toBeNull();
    expect(withBackdrop(await frames.frameOf('gala'), 0)).toEqual({ frame: IMAGE, scene: OTHER });
    // More backdrops than a tenant may have is no spec.
    expect(await frames.frameOf('bad')).toBeNull();
  });

  it('says why a frame is left off: a key outside the frame images, or an image gone', async () => {
    const images = new FrameImages(storeOf({}));
    expect(await images.files({ frame: 'gala/frame.png' })).toEqual({
      problem: 'gala/frame.png is not a key of the frame store',
    });
    expect(await images.files({ frame: IMAGE })).toEqual({ problem: `${IMAGE} is missing from the store` });
  });

  it('throws while the store does not answer, so that the job is tried again', async () => {
    const store = storeOf({ [IMAGE]: new Uint8Array([1]) });
    store.down = true;
    await expect(new FrameImages(store).files({ frame: IMAGE })).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
