// The control node's copy of the tenants' brand frames in the store: a spec per framed tenant and
// its image under the hash of its bytes, written again only when it changed, removed with the
// tenant or its frame, and a store that fails tried again by the next pass.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRANDING, resolveBranding } from '../../../contract/branding.ts';
import { ServiceUnavailableError } from '../../../server/jobs/job-backend.ts';
import { PublishedSite } from '../../../server/publish/published.ts';
import { FrameMirror } from '../../../server/brand/frame-mirror.ts';
import { FrameSpecSchema } from '../../../server/brand/stored-frames.ts';
import { seed } from '../../../server/seed/seed.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import { TenantStore } from '../../../server/storage/tenants.ts';

const DATASET = 'test';
let dir: string;
let db: DatabaseSync;
let tenants: TenantStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frame-mirror-'));
  db = openDatabase(dir);
  tenants = new TenantStore(db);
  seed(tenants, DATASET, path.join(dir, 'assets'));
  // Gala Night's frame is what these tests follow: its four pictures per guest are left out here,
  // and a tenant's pictures per guest have a test of their own below.
  const { picturesPerGuest: _pictures, pictureStyles: _styles, ...gala } = tenants.find(DATASET, 'gala')!;
  tenants.replace(DATASET, gala);
});
afterEach(() => {
  vi.useRealTimers();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function storeOf() {
  const store = {
    objects: new Map<string, Buffer>(),
    writes: [] as string[],
    down: false,
    async putObject(key: string, data: Uint8Array) {
      if (store.down) throw new ServiceUnavailableError('photo store (S3)', 'connect ECONNREFUSED');
      store.writes.push(key);
      store.objects.set(key, Buffer.from(data));
    },
    async delete(keys: string[]) {
      if (store.down) throw new ServiceUnavailableError('photo store (S3)', 'connect ECONNREFUSED');
      for (const key of keys) store.objects.delete(key);
    },
    async list(prefix: string) {
      if (store.down) throw new ServiceUnavailableError('photo store (S3)', 'connect ECONNREFUSED');
      return [...store.objects.keys()].filter((key) => key.startsWith(prefix)).map((key) => ({ key, modified: 0 }));
    },
  };
  return store;
}

const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const spec = (store: ReturnType<typeof storeOf>, slug: string) => {
  const bytes = store.objects.get(`frames/tenants/${slug}.json`);
  return bytes ? JSON.parse(bytes.toString()) : undefined;
};

describe('the frame mirror', () => {
  it('copies the published finish: a frame saved but not published stays out of the store until Publish', async () => {
    const store = storeOf();
    const siteFile = path.join(dir, 'tenants.generated.json');
    const publish = (at: number) => {
      const built = tenants
        .slugs(DATASET)
        .filter((slug) => slug !== 'default')
        .map((slug) => resolveBranding(tenants.find(DATASET, slug)!).branding);
      fs.writeFileSync(siteFile, JSON.stringify({ defaultTenant: DEFAULT_BRANDING, tenants: built }));
      fs.utimesSync(siteFile, at, at);
    };
    publish(1_000);
    const mirror = new FrameMirror({
      store,
      tenants,
      datasetId: DATASET,
      tenantAssetsDir: path.join(dir, 'assets'),
      published: new PublishedSite(siteFile),
      log: () => {},
    });
    expect(await mirror.syncAll()).toBe(true);
    const gala = `frames/images/${sha(path.join(dir, 'assets/gala/frame.png'))}.png`;
    expect(spec(store, 'gala')).toEqual({ frame: gala });
    // Saved in the console (the mirror is told at once): the store keeps the published frame.
    fs.copyFileSync(path.join(dir, 'assets/gala/frame.png'), path.join(dir, 'assets/gala/frame-new.png'));
    fs.appendFileSync(path.join(dir, 'assets/gala/frame-new.png'), Buffer.from([0]));
    tenants.replace(DATASET, { ...tenants.find(DATASET, 'gala')!, frameUrl: 'gala/frame-new.png' });
    expect(await mirror.sync('gala')).toBe(true);
    expect(spec(store, 'gala')).toEqual({ frame: gala });
    // Published: the new frame is what API nodes hand their workers.
    publish(2_000);
    expect(await mirror.syncAll()).toBe(true);
    expect(spec(store, 'gala')).toEqual({
      frame: `frames/images/${sha(path.join(dir, 'assets/gala/frame-new.png'))}.png`,
    });
  });

  it("writes Gala Night's spec and frame, removes specs of tenants that are gone, and writes nothing unchanged", async () => {
    const store = storeOf();
    store.objects.set('frames/tenants/gone.json', Buffer.from('{}'));
    const lines: string[] = [];
    const mirror = new FrameMirror({
      store,
      tenants,
      datasetId: DATASET,
      tenantAssetsDir: path.join(dir, 'assets'),
      log: (line) => lines.push(line),
    });
    expect(await mirror.syncAll()).toBe(true);
    const key = `frames/images/${sha(path.join(dir, 'assets/gala/frame.png'))}.png`;
    expect(spec(store, 'gala')).toEqual({ frame: key });
    expect(store.objects.get(key)).toEqual(fs.readFileSync(path.join(dir, 'assets/gala/frame.png')));
    // Meadow Fair has no frame but two backdrops for the branded scene: they travel the same way, in its order.
    const scenes = ['scene.jpg', 'scene-bandstand.jpg'].map(
      (name) => `frames/images/${sha(path.join(dir, 'assets/meadow', name))}.jpg`,
    );
    expect(spec(store, 'meadow')).toEqual({ scenes });
    expect(store.objects.get(scenes[1]!)).toEqual(fs.readFileSync(path.join(dir, 'assets/meadow/scene-bandstand.jpg')));
    expect([...store.objects.keys()].filter((k) => k.startsWith('frames/tenants/')).sort()).toEqual([
      'frames/tenants/gala.json',
      'frames/tenants/meadow.json',
    ]);
    const writes = store.writes.length;
    expect(await mirror.syncAll()).toBe(true);
    expect(store.writes).toHaveLength(writes);
    expect(lines).toEqual([]);
  });

  it("follows a tenant's change: a logo mark, a new frame file, the frame turned off, the tenant deleted", async () => {
    const store = storeOf();
    const changed: string[] = [];
    const mirror = new FrameMirror({
      store,
      tenants,
      datasetId: DATASET,
      tenantAssetsDir: path.join(dir, 'assets'),
      log: () => {},
      changed: (slug) => changed.push(slug),
    });
    await mirror.syncAll();
    const aurora = tenants.find(DATASET, 'aurora')!;
    tenants.replace(DATASET, { ...aurora, logoMark: true });
    expect(await mirror.sync('aurora')).toBe(true);
    expect(spec(store, 'aurora')).toEqual({
      mark: `frames/images/${sha(path.join(dir, 'assets', String(aurora.logoUrl)))}.png`,
    });
    // The same file name with new bytes is a new key.
    const gala = path.join(dir, 'assets/gala/frame.png');
    const before = spec(store, 'gala');
    fs.copyFileSync(path.join(dir, 'assets', String(aurora.logoUrl)), gala);
    fs.utimesSync(gala, new Date(), new Date(Date.now() + 5000));
    await mirror.sync('gala');
    expect(spec(store, 'gala')).not.toEqual(before);
    expect(spec(store, 'gala')).toEqual({ frame: `frames/images/${sha(gala)}.png` });
    tenants.replace(DATASET, { ...tenants.find(DATASET, 'gala')!, frameUrl: '' });
    await mirror.sync('gala');
    expect(spec(store, 'gala')).toBeUndefined();
    tenants.remove(DATASET, 'aurora');
    await mirror.sync('aurora');
    expect(spec(store, 'aurora')).toBeUndefined();
    expect(changed).toEqual(['meadow', 'gala', 'aurora', 'gala', 'gala', 'aurora']);
  });

  it("carries a tenant's mirrored results, with its frame or alone", async () => {
    const store = storeOf();
    const mirror = new FrameMirror({
      store,
      tenants,
      datasetId: DATASET,
      tenantAssetsDir: path.join(dir, 'assets'),
      log: () => {},
    });
    await mirror.syncAll();
    tenants.replace(DATASET, { ...tenants.find(DATASET, 'gala')!, mirrorResult: true });
    await mirror.sync('gala');
    expect(spec(store, 'gala')).toEqual({
      frame: `frames/images/${sha(path.join(dir, 'assets/gala/frame.png'))}.png`,
      mirror: true,
    });
    tenants.replace(DATASET, { ...tenants.find(DATASET, 'aurora')!, mirrorResult: true });
    await mirror.sync('aurora');
    expect(spec(store, 'aurora')).toEqual({ mirror: true });
    // A frame file gone leaves the tenant unframed, still mirrored.
    fs.rmSync(path.join(dir, 'assets/gala/frame.png'));
    await mirror.sync('gala');
    expect(spec(store, 'gala')).toEqual({ mirror: true });
  });

  it("carries a tenant's studio gradient colours, and the API node's schema reads them", async () => {
    const store = storeOf();
    const mirror = new FrameMirror({
      store,
      tenants,
      datasetId: DATASET,
      tenantAssetsDir: path.join(dir, 'assets'),
      log: () => {},
    });
    tenants.replace(DATASET, {
      ...tenants.find(DATASET, 'aurora')!,
      studioBackdrop: 'gradient',
      backgroundColor: '#0a0b0c',
      accentColor: '#f0e0d0',
    });
    await mirror.sync('aurora');
    const written = spec(store, 'aurora');
    expect(written).toEqual({ studio: { background: '#0a0b0c', accent: '#f0e0d0' } });
    expect(FrameSpecSchema.safeParse(written).success).toBe(true);
    expect(FrameSpecSchema.safeParse({ studio: { background: 'red', accent: '#f0e0d0' } }).success).toBe(false);
  });

  it('logs a write the store refused and makes it on the next pass', async () => {
    const store = storeOf();
    store.down = true;
    const lines: string[] = [];
    const mirror = new FrameMirror({
      store,
      tenants,
      datasetId: DATASET,
      tenantAssetsDir: path.join(dir, 'assets'),
      log: (line) => lines.push(line),
    });
    expect(await mirror.syncAll()).toBe(false);
    // One line for the pass, not one per tenant: the pass stops at the first call the store refuses.
    expect(lines).toEqual([
      "brand frames: the store's frame specs could not be listed (connect ECONNREFUSED); tried again within a minute",
    ]);
    store.down = false;
    expect(await mirror.syncAll()).toBe(true);
    expect(spec(store, 'gala')).toBeDefined();
    // A console save while the store is away: its line names the tenant.
    store.down = true;
    tenants.replace(DATASET, { ...tenants.find(DATASET, 'gala')!, frameUrl: '' });
    expect(await mirror.sync('gala')).toBe(false);
    expect(lines[1]).toBe(
      'brand frames: the frame of tenant gala could not be written to the store (connect ECONNREFUSED); tried again within a minute',
    );
    store.down = false;
    expect(await mirror.syncAll()).toBe(true);
    expect(spec(store, 'gala')).toBeUndefined();
  });

  it('leaves a tenant whose frame file is missing unframed, with one line however many passes', async () => {
    const store = storeOf();
    fs.rmSync(path.join(dir, 'assets/gala/frame.png'));
    const lines: string[] = [];
    const mirror = new FrameMirror({
      store,
      tenants,
      datasetId: DATASET,
      tenantAssetsDir: path.join(dir, 'assets'),
      log: (line) => lines.push(line),
    });
    await mirror.syncAll();
    await mirror.syncAll();
    expect(spec(store, 'gala')).toBeUndefined();
    expect(lines).toEqual([
      `brand frames: ${path.join(dir, 'assets/gala/frame.png')} is missing; tenant gala is unframed`,
    ]);
  });

  it('deletes an image no spec names an hour after, not before: a job queued with it still finds it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = storeOf();
    const mirror = new FrameMirror({
      store,
      tenants,
      datasetId: DATASET,
      tenantAssetsDir: path.join(dir, 'assets'),
      log: () => {},
    });
    await mirror.syncAll();
    const image = spec(store, 'gala').frame as string;
    tenants.replace(DATASET, { ...tenants.find(DATASET, 'gala')!, frameUrl: '' });
    await mirror.syncAll();
    vi.advanceTimersByTime(59 * 60_000);
    await mirror.syncAll();
    expect(store.objects.has(image)).toBe(true);
    vi.advanceTimersByTime(60_000);
    await mirror.syncAll();
    expect(store.objects.has(image)).toBe(false);
  });

  it("carries a tenant's pictures per guest and their styles, with its frame or alone", async () => {
    const store = storeOf();
    const lines: string[] = [];
    const mirror = new FrameMirror({
      store,
      tenants,
      datasetId: DATASET,
      tenantAssetsDir: path.join(dir, 'assets'),
      log: (line) => lines.push(line),
    });
    const looks = { picturesPerGuest: 3, pictureStyles: ['comic', 'neon'] };
    tenants.replace(DATASET, { ...tenants.find(DATASET, 'gala')!, ...looks });
    tenants.replace(DATASET, { ...tenants.find(DATASET, 'aurora')!, picturesPerGuest: 2, styles: ['pop-art'] });
    await mirror.syncAll();
    expect(spec(store, 'gala')).toEqual({
      frame: `frames/images/${sha(path.join(dir, 'assets/gala/frame.png'))}.png`,
      pictures: 3,
      pictureStyles: ['comic', 'neon'],
    });
    expect(spec(store, 'aurora')).toEqual({ pictures: 2, pictureStyles: ['pop-art'] });
    expect(lines).toEqual([]);
  });
});
