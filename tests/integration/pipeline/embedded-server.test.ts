// The build against the real embedded server, as `npm start` runs it: its demo tenants get
// page sets, and the service password and token never reach dist/.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_PASSWORD, DEMO_TENANT_SLUGS, TOKEN_PATH, type SiteData } from '../../../contract/index.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { RUNS, filesContaining, hostsAt, listFiles, runScript, type ScriptRun } from './support/run-script.ts';

const dir = join(RUNS, 'embedded');
const outDir = join(dir, 'dist');
const siteDataFile = join(dir, 'tenants.generated.json');
// A JWT is three base64url parts; the first two are JSON objects, so both start with "eyJ".
const JWT = /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

let server: RunningServer;
let run: ScriptRun;
let site: SiteData;

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  server = await startServer({ env: { BOOTH_SITE_DIR: outDir } });
  run = await runScript('scripts/build.ts', {
    ...hostsAt(server.url),
    BOOTH_OUT_DIR: outDir,
    BOOTH_SITE_DATA: siteDataFile,
  });
  if (run.code === 0) site = JSON.parse(readFileSync(siteDataFile, 'utf8'));
});

afterAll(async () => {
  await server?.stop();
});

describe('the build against the embedded server', () => {
  it('builds the demo tenants with their branding', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(site.tenants.map((t) => t.slug)).toEqual(expect.arrayContaining([...DEMO_TENANT_SLUGS]));
    for (const slug of DEMO_TENANT_SLUGS) {
      const tenant = site.tenants.find((t) => t.slug === slug)!;
      expect(readFileSync(join(outDir, slug, 'index.html'), 'utf8')).toContain(
        tenant.viewFinderTitle.replace(/&/g, '&amp;'),
      );
    }
  });

  it('bakes in the styles of the AI host', async () => {
    const styles = await (await fetch(`${server.url}/transformations/styles`)).json();
    expect(site.styles.map((s) => s.id)).toEqual(styles.map((s: { id: unknown }) => s.id));
    expect(site.styles.length).toBeGreaterThan(0);
  });

  it('has every screen of a demo tenant served by the server, with a job id rewrite', async () => {
    for (const path of ['/', '/camera/', '/aurora/', '/aurora/styles/', '/meadow/results/some-job-id']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
    }
  });

  it('never puts the service password or a token into dist/', async () => {
    expect(filesContaining(outDir, DEFAULT_SERVICE_PASSWORD)).toEqual([]);
    const token = (
      await (
        await fetch(`${server.url}${TOKEN_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'booth-build', password: DEFAULT_SERVICE_PASSWORD }),
        })
      ).json()
    ).token as string;
    expect(token).toMatch(JWT);
    // The build's own token differs from this one; any JWT at all in dist/ would be a leak.
    const withJwt = listFiles(outDir).filter((f) => JWT.test(readFileSync(join(outDir, f), 'latin1')));
    expect(withJwt).toEqual([]);
    expect(filesContaining(outDir, `${token.split('.')[0]}.`)).toEqual([]);
  });
});
