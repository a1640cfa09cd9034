// The real build script against stand-in hosts on a loopback port: what lands in dist/ and in
// the site data file, and what never does.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_PASSWORD, type SiteData } from '../../../contract/index.ts';
import { startFakeHosts, type FakeHosts } from './support/fake-hosts.ts';
import { RUNS, filesContaining, hostsAt, runScript, type ScriptRun } from './support/run-script.ts';

const dir = join(RUNS, 'pipeline');
const outDir = join(dir, 'dist');
const siteDataFile = join(dir, 'tenants.generated.json');
const TOKEN = 'tok-7f3a9c1e5b2d48a6-never-in-dist';
const PASSWORD = 'pw-only-for-the-build-91c2e';

let hosts: FakeHosts;
let run: ScriptRun;
let site: SiteData;

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  hosts = await startFakeHosts({
    token: TOKEN,
    items: [
      {
        slug: 'aurora',
        client: 'Aurora Events',
        viewFinderTitle: 'Welcome to Aurora',
        backgroundColor: '#0b1026',
        accentColor: '#7fdbff',
        logoUrl: 'aurora/logo.png',
        backgroundImageUrl: 'aurora/background.jpg',
        video: '/media/aurora.mp4',
        styles: ['2'],
      },
      {
        slug: 'meadow',
        client: 'Meadow Fair',
        backgroundColor: '#f4f1e8',
        textColor: '#203020',
        accentColor: 'javascript:alert(1)',
      },
      { slug: '../../escape', client: 'Escape Artist' },
      { slug: 'aurora', client: 'Aurora Copy' },
    ],
  });
  run = await runScript('scripts/build.ts', {
    ...hostsAt(hosts.url),
    BOOTH_SERVICE_PASSWORD: PASSWORD,
    BOOTH_OUT_DIR: outDir,
    BOOTH_SITE_DATA: siteDataFile,
  });
  if (run.code === 0) site = JSON.parse(readFileSync(siteDataFile, 'utf8'));
});

afterAll(async () => {
  await hosts?.stop();
});

describe('the build pipeline', () => {
  it('exits 0 and prints a summary of tenants and problems', () => {
    expect(run.stderr).not.toMatch(/failed/);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/tenants: 2 \(\/aurora\/ \/meadow\/\)/);
    expect(run.stdout).toMatch(/styles baked in: 2/);
    expect(run.stdout).toMatch(/problems: 3/);
  });

  it('logs in with the service credentials and reads the dataset with "JWT {token}"', () => {
    const login = hosts.seen.find((r) => r.path === '/jwt/obtain-token');
    expect(JSON.parse(login!.body!)).toEqual({ username: 'booth-build', password: PASSWORD });
    expect(hosts.seen.find((r) => r.path === '/datasets/10333')?.authorization).toBe(`JWT ${TOKEN}`);
  });

  it('writes the site data with the valid tenants, the styles and the settings browsers need', () => {
    expect(site.defaultTenant.slug).toBe('default');
    expect(site.tenants.map((t) => t.slug)).toEqual(['aurora', 'meadow']);
    expect(site.tenants[1].accentColor).toBe('#94d83d');
    expect(site.styles.map((s) => s.description)).toEqual(['Die-cut sticker', 'Pop art']);
    expect(site.imageProxy).toEqual({
      host: '',
      signature: 'insecure',
      bucketPrefix: 's3://booth-assets',
      appName: 'photobooth',
    });
    expect(site.aiHost).toBe('');
  });

  it('reports the unsafe colour, the bad slug and the duplicate with tenant names', () => {
    expect(site.problems).toEqual([
      expect.stringMatching(/"Meadow Fair".*Accent colour "javascript:alert\(1\)" is not a CSS colour/),
      expect.stringMatching(/"Escape Artist".*skipped because its slug/),
      expect.stringMatching(/"Aurora Copy".*skipped, slug "aurora" is already used/),
    ]);
    expect(existsSync(join(dir, 'escape'))).toBe(false);
    expect(existsSync(join(RUNS, 'escape'))).toBe(false);
  });

  it('builds every screen for the default tenant and each valid tenant', () => {
    for (const base of ['', 'aurora/', 'meadow/']) {
      for (const page of ['index.html', 'camera/index.html', 'styles/index.html', 'results/index.html']) {
        expect(existsSync(join(outDir, base, page)), `${base}${page}`).toBe(true);
      }
    }
    expect(existsSync(join(outDir, '404.html'))).toBe(true);
    expect(readFileSync(join(outDir, 'aurora', 'index.html'), 'utf8')).toContain('Welcome to Aurora');
  });

  it('shows a tenant the styles it chose only, and every style to a tenant that did not choose', () => {
    expect(site.tenants[0].styles).toEqual(['2']);
    const aurora = readFileSync(join(outDir, 'aurora', 'styles', 'index.html'), 'utf8');
    expect(aurora).toContain('data-style-id="2"');
    expect(aurora).not.toContain('data-style-id="1"');
    const meadow = readFileSync(join(outDir, 'meadow', 'styles', 'index.html'), 'utf8');
    expect(meadow).toContain('data-style-id="1"');
    expect(meadow).toContain('data-style-id="2"');
  });

  it('writes the rewrite rules for nginx and for Netlify/Cloudflare into dist/', () => {
    expect(readFileSync(join(outDir, '_redirects'), 'utf8')).toContain('/:tenant/results/*  /:tenant/results/  200');
    expect(readFileSync(join(outDir, 'booth.nginx.conf'), 'utf8')).toContain(
      'try_files $uri /results/index.html =404;',
    );
  });

  it('never puts the service password or the token into dist/ or the site data', () => {
    for (const secret of [PASSWORD, TOKEN, DEFAULT_SERVICE_PASSWORD]) {
      expect(filesContaining(outDir, secret), secret).toEqual([]);
      expect(readFileSync(siteDataFile, 'utf8')).not.toContain(secret);
    }
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);
  });

  it('leaves no work-in-progress folders behind', () => {
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
