// One rule for when a tenant's finish (frame, logo mark, mirror, scene) reaches its results: at
// Publish, as every other field reaches its pages. A saved frame not yet published does not
// apply; a published one does until the next publish; a deleted tenant gets none; before the
// booth's first build, the saved branding is all there is. Also: the files the branding names are
// checked to exist, and an upload keeps the published file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, resolveBranding } from '../../../contract/branding.ts';
import type { SiteData } from '../../../contract/index.ts';
import { missingFiles } from '../../../server/admin/tenant-files.ts';
import { storeUpload } from '../../../server/admin/uploads.ts';
import { frameFiles, frameForTenant } from '../../../server/brand/job-frame.ts';
import { withBackdrop } from '../../../server/brand/frames.ts';
import { PublishedSite } from '../../../server/publish/published.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import { TenantStore } from '../../../server/storage/tenants.ts';

let dir: string;
let db: ReturnType<typeof openDatabase>;
let tenants: TenantStore;
let siteFile: string;

/** A publish: the site data the build writes, from the tenants as they are saved now. */
function publish() {
  const resolved = tenants.slugs('d').map((slug) => resolveBranding(tenants.find('d', slug)!).branding);
  const site = {
    generatedAt: '',
    defaultTenant: DEFAULT_BRANDING,
    tenants: resolved,
    styles: [],
    aiHost: '',
    imageProxy: {},
    problems: [],
  } as unknown as SiteData;
  fs.writeFileSync(siteFile, JSON.stringify(site));
  // A new mtime even within the same millisecond.
  const later = new Date(Date.now() + 1000 * (fs.readdirSync(dir).length + Math.random()));
  fs.utimesSync(siteFile, later, later);
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'published-'));
  db = openDatabase(dir);
  tenants = new TenantStore(db);
  siteFile = path.join(dir, 'tenants.generated.json');
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a tenant finish on its results', () => {
  it('is the saved one before the booth was ever built', () => {
    tenants.add('d', { slug: 'gala', frameUrl: 'gala/frame-1.png' });
    const lookup = { tenants, datasetId: 'd', published: new PublishedSite(siteFile) };
    expect(frameForTenant(lookup, 'gala')).toEqual({ frame: 'gala/frame-1.png' });
  });

  it('is the published one: a saved frame waits for Publish, then applies', () => {
    tenants.add('d', { slug: 'gala', frameUrl: 'gala/frame-1.png', mirrorResult: true });
    publish();
    const lookup = { tenants, datasetId: 'd', published: new PublishedSite(siteFile) };
    expect(frameForTenant(lookup, 'gala')).toEqual({ frame: 'gala/frame-1.png', mirror: true });
    tenants.replace('d', { slug: 'gala', frameUrl: 'gala/frame-2.png', sceneUrl: 'gala/scene-1.jpg' });
    expect(frameForTenant(lookup, 'gala')).toEqual({ frame: 'gala/frame-1.png', mirror: true });
    publish();
    expect(frameForTenant(lookup, 'gala')).toEqual({ frame: 'gala/frame-2.png', scenes: ['gala/scene-1.jpg'] });
  });

  it("gives a job the backdrop picked among the tenant's published ones, else its first", () => {
    tenants.add('d', { slug: 'gala', sceneUrls: ['gala/scene-1.jpg', 'gala/scene-2.jpg'] });
    publish();
    const lookup = { tenants, datasetId: 'd', published: new PublishedSite(siteFile) };
    const finish = frameForTenant(lookup, 'gala');
    expect(finish).toEqual({ scenes: ['gala/scene-1.jpg', 'gala/scene-2.jpg'] });
    expect(withBackdrop(finish, 1)).toEqual({ scene: 'gala/scene-2.jpg' });
    expect(withBackdrop(finish, undefined)).toEqual({ scene: 'gala/scene-1.jpg' });
    // A backdrop removed since the guest's page was built: the first, not an error.
    expect(withBackdrop(finish, 3)).toEqual({ scene: 'gala/scene-1.jpg' });
    // A saved third backdrop waits for Publish.
    tenants.replace('d', { slug: 'gala', sceneUrls: ['gala/scene-1.jpg', 'gala/scene-2.jpg', 'gala/scene-3.jpg'] });
    expect(withBackdrop(frameForTenant(lookup, 'gala'), 2)).toEqual({ scene: 'gala/scene-1.jpg' });
    publish();
    expect(withBackdrop(frameForTenant(lookup, 'gala'), 2)).toEqual({ scene: 'gala/scene-3.jpg' });
  });

  it("gives the studio portrait the tenant's gradient in its colours once published, and a sticker none of it", () => {
    tenants.add('d', { slug: 'gala', studioBackdrop: 'gradient', backgroundColor: '#102030', accentColor: 'orange' });
    publish();
    const lookup = { tenants, datasetId: 'd', published: new PublishedSite(siteFile) };
    const finish = frameForTenant(lookup, 'gala');
    expect(finish).toEqual({ studio: { background: '#102030', accent: '#ffa500' } });
    expect(frameFiles(finish, 'A studio portrait of you', dir).files).toEqual({
      studio: { background: '#102030', accent: '#ffa500' },
    });
    expect(frameFiles(finish, 'A die-cut sticker of you', dir).files).toBeUndefined();
    // The blurred background, the default, travels as nothing.
    tenants.replace('d', { slug: 'gala', studioBackdrop: 'blur', backgroundColor: '#102030' });
    publish();
    expect(frameForTenant(lookup, 'gala')).toBeNull();
  });

  it('is none for a tenant not published yet, and for a deleted one', () => {
    tenants.add('d', { slug: 'gala', frameUrl: 'gala/frame-1.png' });
    publish();
    tenants.add('d', { slug: 'fresh', frameUrl: 'fresh/frame-1.png' });
    const lookup = { tenants, datasetId: 'd', published: new PublishedSite(siteFile) };
    expect(frameForTenant(lookup, 'fresh')).toBeNull();
    tenants.remove('d', 'gala');
    expect(frameForTenant(lookup, 'gala')).toBeNull();
  });

  it('never takes the default local logo for a mark', () => {
    tenants.add('d', { slug: 'plain', logoMark: true });
    publish();
    expect(frameForTenant({ tenants, datasetId: 'd', published: new PublishedSite(siteFile) }, 'plain')).toBeNull();
  });
});

describe('the files a branding names', () => {
  it('are reported, by field and in words, when they are not in the tenant folder', () => {
    fs.mkdirSync(path.join(dir, 'gala'));
    fs.writeFileSync(path.join(dir, 'gala', 'logo-1.png'), 'x');
    const branding = resolveBranding({
      slug: 'gala',
      client: 'Gala',
      logoUrl: 'gala/logo-1.png',
      frameUrl: 'gala/frame-9.png',
      video: '/media/tenants/gala/processing-1.mp4',
    }).branding;
    const missing = missingFiles(branding, dir);
    expect(Object.keys(missing.fields)).toEqual(['frameUrl', 'video']);
    expect(missing.fields.frameUrl).toEqual([
      'Frame: the file "gala/frame-9.png" is not in the tenant\'s files, so results are made without the frame. Upload it again, or clear the field.',
    ]);
    expect(missing.problems[0]).toMatch(/^Tenant "Gala" \("gala"\): Frame: the file/);
    expect(missing.problems[1]).toMatch(/Processing video: the file "gala\/processing-1.mp4"/);
  });

  it('report each missing backdrop under the one field that lists them', () => {
    fs.mkdirSync(path.join(dir, 'gala'));
    fs.writeFileSync(path.join(dir, 'gala', 'scene-1.jpg'), 'x');
    const branding = resolveBranding({
      slug: 'gala',
      client: 'Gala',
      sceneUrls: ['gala/scene-1.jpg', 'gala/scene-2.jpg'],
    }).branding;
    expect(missingFiles(branding, dir).fields).toEqual({
      sceneUrls: [
        'Backdrops: the file "gala/scene-2.jpg" is not in the tenant\'s files, so the branded scene uses the booth\'s own scene in its place. Upload it again, or remove it.',
      ],
    });
  });

  it('keep the published file when a new one is uploaded, until the next publish', async () => {
    tenants.add('d', { slug: 'gala' });
    const first = await storeUpload(dir, 'gala', 'frame', { data: Buffer.from('one'), ext: 'png' });
    tenants.replace('d', { slug: 'gala', frameUrl: `gala/${first}` });
    publish();
    const published = new PublishedSite(siteFile);
    const second = await storeUpload(
      dir,
      'gala',
      'frame',
      { data: Buffer.from('two'), ext: 'png' },
      published.filesOf('gala'),
    );
    expect(fs.readdirSync(path.join(dir, 'gala')).sort()).toEqual([first, second].sort());
    const third = await storeUpload(
      dir,
      'gala',
      'frame',
      { data: Buffer.from('three'), ext: 'png' },
      published.filesOf('gala'),
    );
    expect(fs.readdirSync(path.join(dir, 'gala')).sort()).toEqual([first, third].sort());
  });
});
