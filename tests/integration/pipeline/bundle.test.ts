// `npm run bundle -- {slug}`: the archive holds one tenant served from its root. Unpacked and
// served by Debian's nginx (a plain static host), a real Chromium walks intro -> camera.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { extract, list } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../../contract/index.ts';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { startFakeHosts } from './support/fake-hosts.ts';
import { startNginx, type Nginx } from './support/nginx.ts';
import { RUNS, filesContaining, hostsAt, listFiles, runScript, type ScriptRun } from './support/run-script.ts';

const dir = join(RUNS, 'bundle');
const env = {
  BOOTH_OUT_DIR: join(dir, 'dist'),
  BOOTH_SITE_DATA: join(dir, 'tenants.generated.json'),
  BOOTH_BUNDLE_DIR: join(dir, 'bundles'),
  BOOTH_SERVICE_PASSWORD: 'bundle-test-password-5d1e',
};
const unpacked = join(dir, 'unpacked');
let bundle: ScriptRun;
let nginx: Nginx | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const hosts = await startFakeHosts({
    token: 'bundle-test-token-a8c4',
    items: [
      { slug: 'aurora', client: 'Aurora Events', viewFinderTitle: 'Aurora booth', logoUrl: 'aurora/logo.png' },
      { slug: 'meadow', client: 'Meadow Fair', viewFinderTitle: 'Meadow booth' },
    ],
  });
  const build = await runScript('scripts/build.ts', { ...hostsAt(hosts.url), ...env });
  await hosts.stop();
  if (build.code !== 0) throw new Error(`The build failed: ${build.stderr}`);
  bundle = await runScript('scripts/bundle.ts', env, ['--', 'aurora']);
  mkdirSync(unpacked, { recursive: true });
  if (bundle.code === 0) await extract({ file: join(env.BOOTH_BUNDLE_DIR, 'aurora.tar.gz'), cwd: unpacked });
});

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
});

describe('a per-tenant bundle', () => {
  it('is written as bundles/{slug}.tar.gz', () => {
    expect(bundle.stderr).toBe('');
    expect(bundle.code).toBe(0);
    expect(bundle.stdout).toMatch(/aurora\.tar\.gz .*serve its contents from the root/);
  });

  it("holds the tenant's screens at the root, its assets and the rewrite rules, and no other tenant", () => {
    const files = listFiles(unpacked);
    for (const file of [
      'index.html',
      'camera/index.html',
      'styles/index.html',
      'results/index.html',
      '404.html',
      '_redirects',
      '_headers',
      'booth.nginx.conf',
    ]) {
      expect(files, file).toContain(file);
    }
    expect(files.some((f) => f.startsWith('_astro/') && f.endsWith('.js'))).toBe(true);
    expect(files.some((f) => f.startsWith('aurora/') || f.startsWith('meadow/'))).toBe(false);
    expect(readFileSync(join(unpacked, 'index.html'), 'utf8')).toContain('Aurora booth');
    expect(readFileSync(join(unpacked, '_redirects'), 'utf8')).not.toContain(':tenant');
  });

  it("holds the tenant's web app at its root: manifest, service worker and the last build's icons", () => {
    const files = listFiles(unpacked);
    for (const file of [
      'manifest.webmanifest',
      'sw.js',
      'icons/icon-192.png',
      'icons/icon-512.png',
      'icons/maskable-512.png',
      'icons/apple-touch-icon.png',
    ]) {
      expect(files, file).toContain(file);
    }
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.webmanifest'), 'utf8')) as {
      name: string;
      start_url: string;
      scope: string;
    };
    expect(manifest).toMatchObject({ name: 'Aurora Events', start_url: './', scope: './' });
    // The logo was not fetched again (the hosts are down by now): the icons are the build's.
    expect(
      readFileSync(join(unpacked, 'icons/icon-512.png')).equals(
        readFileSync(join(env.BOOTH_OUT_DIR, 'aurora/icons/icon-512.png')),
      ),
    ).toBe(true);
    const intro = readFileSync(join(unpacked, 'index.html'), 'utf8');
    expect(intro).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(intro).toContain('url:"/sw.js",scope:"/"');
  });

  it('links its screens without the tenant prefix', () => {
    const intro = readFileSync(join(unpacked, 'index.html'), 'utf8');
    expect(intro).toMatch(/href="\/camera\/?"/);
    expect(intro).not.toContain('href="/aurora/');
  });

  it('holds no service password or token', () => {
    expect(filesContaining(unpacked, env.BOOTH_SERVICE_PASSWORD)).toEqual([]);
    expect(filesContaining(unpacked, 'bundle-test-token-a8c4')).toEqual([]);
  });

  it('makes the default tenant bundle from the root pages, without the other tenants', async () => {
    const run = await runScript('scripts/bundle.ts', env, ['--', 'default']);
    expect(run.code).toBe(0);
    const files: string[] = [];
    await list({
      file: join(env.BOOTH_BUNDLE_DIR, 'default.tar.gz'),
      onReadEntry: (entry) => void files.push(entry.path),
    });
    expect(files).toEqual(
      expect.arrayContaining(['index.html', 'camera/index.html', 'results/index.html', '_redirects']),
    );
    expect(files.filter((f) => /^(aurora|meadow)\//.test(f))).toEqual([]);
  });

  it('refuses a slug the last build does not have, listing the ones it has', async () => {
    const run = await runScript('scripts/bundle.ts', env, ['--', 'nobody']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/No tenant has the slug "nobody".*default, aurora, meadow/);
  });

  it('served unpacked by a static host, walks from intro to camera in a browser', async () => {
    nginx = await startNginx(unpacked, join(dir, 'nginx'));
    browser = await launchBrowser({ camera: 'astronaut' });
    const page = await browser.newPage();
    await page.goto(`${nginx.url}/`);
    await expect(page.locator('h1').first().textContent()).resolves.toBe('Aurora booth');
    await page.getByRole('link', { name: TEXT.start }).click();
    await page.waitForURL(`${nginx.url}/camera/`);
    await page.getByRole('heading', { name: TEXT.cameraHeading }).waitFor();
    expect((await page.goto(`${nginx.url}/results/job-123`))?.status()).toBe(200);
  });
});
