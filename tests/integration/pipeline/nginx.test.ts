// The nginx snippet written into dist/, tried with Debian's nginx serving a real build: every
// job id reaches its tenant's results page, an unknown tenant the default's screens, and unknown
// URLs the Not Found view of the tenant they are under (of the guest's language under one of its languages).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHosts } from './support/fake-hosts.ts';
import { startNginx, type Nginx } from './support/nginx.ts';
import { RUNS, hostsAt, runScript } from './support/run-script.ts';

const dir = join(RUNS, 'nginx');
const outDir = join(dir, 'dist');
let nginx: Nginx;

const page = (file: string) => readFileSync(join(outDir, file), 'utf8');
const get = (path: string) => fetch(`${nginx.url}${path}`, { redirect: 'manual' });

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const hosts = await startFakeHosts({
    items: [
      { slug: 'aurora', client: 'Aurora Events' },
      { slug: 'meadow', client: 'Meadow Fair' },
      // A language menu for the guest: its French and Arabic pages under /duo/fr/ and /duo/ar/.
      { slug: 'duo', client: 'Duo Festival', languages: ['en', 'fr', 'ar'] },
    ],
  });
  const run = await runScript('scripts/build.ts', {
    ...hostsAt(hosts.url),
    BOOTH_OUT_DIR: outDir,
    BOOTH_SITE_DATA: join(dir, 'tenants.generated.json'),
  });
  await hosts.stop();
  if (run.code !== 0) throw new Error(`The build failed: ${run.stderr}`);
  nginx = await startNginx(outDir, join(dir, 'nginx'));
});

afterAll(async () => {
  await nginx?.stop();
});

describe('nginx serving dist/ with booth.nginx.conf', () => {
  it('answers /results/{jobId} with the default tenant results page', async () => {
    const response = await get('/results/3f2a9c');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toBe(page('results/index.html'));
  });

  it('answers /{tenant}/results/{jobId} with that tenant results page', async () => {
    for (const slug of ['aurora', 'meadow']) {
      const response = await get(`/${slug}/results/42`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(page(`${slug}/results/index.html`));
    }
  });

  it('serves the screens of every tenant', async () => {
    for (const path of ['/', '/camera/', '/styles/', '/aurora/', '/aurora/camera/', '/meadow/styles/']) {
      expect((await get(path)).status, path).toBe(200);
    }
  });

  it('serves a screen without its trailing slash as with it', async () => {
    const response = await get('/aurora/camera');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(page('aurora/camera/index.html'));
  });

  it("shows the default tenant's screens for a slug with no page set (the spec's built-in default branding)", async () => {
    for (const [path, file] of [
      ['/unknown-tenant', 'index.html'],
      ['/unknown-tenant/', 'index.html'],
      ['/unknown-tenant/camera', 'camera/index.html'],
      ['/unknown-tenant/styles/', 'styles/index.html'],
      ['/unknown-tenant/results/1', 'results/index.html'],
    ]) {
      const response = await get(path!);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(page(file!));
    }
  });

  it("shows a tenant's own Not Found view under that tenant, and the site's elsewhere", async () => {
    for (const [path, file] of [
      ['/aurora/nothing-here', 'aurora/404.html'],
      ['/meadow/camera/x', 'meadow/404.html'],
      ['/no/such/page', '404.html'],
      ['/unknown-tenant/nothing-here', '404.html'],
      ['/camera/nothing-here', '404.html'],
    ]) {
      const response = await get(path!);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe(page(file!));
    }
    expect(page('aurora/404.html')).toContain('Aurora Events');
    expect(page('404.html')).not.toContain('Aurora Events');
  });

  it("shows the Not Found view of a guest's language under it, and the tenant's own under a code it does not offer", async () => {
    for (const [path, file] of [
      ['/duo/fr/nothing-here', 'duo/fr/404.html'],
      ['/duo/ar/camera/x', 'duo/ar/404.html'],
      ['/duo/de/nothing-here', 'duo/404.html'],
      ['/aurora/fr/nothing-here', 'aurora/404.html'],
    ]) {
      const response = await get(path!);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe(page(file!));
    }
    expect(page('duo/fr/404.html')).toContain('lang="fr"');
    expect(page('duo/ar/404.html')).toContain('dir="rtl"');
    // The language's own screens and results are still answered.
    expect((await get('/duo/fr/camera/')).status).toBe(200);
    expect(await (await get('/duo/ar/results/42')).text()).toBe(page('duo/ar/results/index.html'));
  });

  it('sends the safety headers with pages, scripts and the Not Found view', async () => {
    const script = /\/_astro\/[^"']+\.js/.exec(page('camera/index.html'))![0];
    for (const path of ['/', '/aurora/results/42', script, '/no/such/page']) {
      const response = await get(path);
      expect([path, response.headers.get('x-content-type-options'), response.headers.get('referrer-policy')]).toEqual([
        path,
        'nosniff',
        'no-referrer',
      ]);
    }
  });

  it("serves every tenant's web app: the manifest typed, the service worker and manifest never cached for long", async () => {
    for (const root of ['/', '/aurora/', '/meadow/']) {
      const manifest = await get(`${root}manifest.webmanifest`);
      expect(manifest.status, root).toBe(200);
      expect(manifest.headers.get('content-type'), root).toBe('application/manifest+json');
      expect(manifest.headers.get('cache-control'), root).toBe('no-cache');
      expect(((await manifest.json()) as { start_url: string }).start_url).toBe('./');
      const worker = await get(`${root}sw.js`);
      expect(worker.status, root).toBe(200);
      expect(worker.headers.get('content-type'), root).toMatch(/javascript/);
      expect(worker.headers.get('cache-control'), root).toBe('no-cache');
      expect(worker.headers.get('x-content-type-options'), root).toBe('nosniff');
      expect(await worker.text()).toBe(page(`${root.slice(1)}sw.js`));
      const icon = await get(`${root}icons/icon-512.png`);
      expect([icon.status, icon.headers.get('content-type')], root).toEqual([200, 'image/png']);
    }
  });

  it('marks hashed script files as never changing', async () => {
    const script = /\/_astro\/[^"']+\.js/.exec(page('camera/index.html'))?.[0];
    expect(script).toBeTruthy();
    const response = await get(script!);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });
});
