// A build that cannot get its data fails loudly and touches nothing: the previous dist/ and
// tenants.generated.json stay byte for byte, and the message says what to check.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { astroBuild } from '../../../scripts/pipeline/astro.ts';
import { runPipeline } from '../../../scripts/pipeline/run.ts';
import { readSettings } from '../../../scripts/pipeline/settings.ts';
import { freePort } from '../../support/network.ts';
import { startFakeHosts, type FakeHosts } from './support/fake-hosts.ts';
import { RUNS, childProcesses, hostsAt, listFiles, runScript, startScript } from './support/run-script.ts';
import { patience } from '../../support/patience.ts';

const dir = join(RUNS, 'failures');
const outDir = join(dir, 'dist');
const siteDataFile = join(dir, 'tenants.generated.json');
const PREVIOUS_PAGE = '<!doctype html><title>previous build</title>';
const PREVIOUS_DATA = '{"previous":true}\n';

let hosts: FakeHosts | undefined;

function snapshot() {
  return {
    files: listFiles(outDir),
    page: readFileSync(join(outDir, 'index.html'), 'utf8'),
    data: readFileSync(siteDataFile, 'utf8'),
    dataMtime: statSync(siteDataFile).mtimeMs,
    siblings: readdirSync(dir).sort(),
  };
}

const build = (url: string, extra: Record<string, string> = {}) =>
  runScript('scripts/build.ts', {
    ...hostsAt(url),
    BOOTH_OUT_DIR: outDir,
    BOOTH_SITE_DATA: siteDataFile,
    BOOTH_FETCH_TIMEOUT_MS: '3000',
    ...extra,
  });

beforeEach(() => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'aurora'), { recursive: true });
  writeFileSync(join(outDir, 'index.html'), PREVIOUS_PAGE);
  writeFileSync(join(outDir, 'aurora', 'index.html'), PREVIOUS_PAGE);
  // What every build writes at the root: this folder is an earlier build's.
  writeFileSync(join(outDir, '_redirects'), '');
  writeFileSync(join(outDir, 'booth.nginx.conf'), '');
  writeFileSync(siteDataFile, PREVIOUS_DATA);
});

afterEach(async () => {
  await hosts?.stop();
  hosts = undefined;
});

describe('a build whose content host fails', () => {
  it('exits non-zero when the content host is down, naming it, and keeps the previous site', async () => {
    const before = snapshot();
    const run = await build(`http://127.0.0.1:${await freePort()}`);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(
      /The site build failed\. Cannot reach the auth host .*connection refused.*BOOTH_AUTH_HOST/,
    );
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
    expect(snapshot()).toEqual(before);
  });

  const datasets = [
    [
      'the content host answers garbage, quoting it',
      '<html>502 Bad Gateway</html>',
      /content host answered GET .*\/datasets\/10333 with something that is not JSON .*502 Bad Gateway/,
    ],
    ['the dataset has no content list', '{"results":[]}', /without a "content" list/],
  ] as const;
  for (const [when, body, message] of datasets) {
    it(`exits non-zero when ${when}`, async () => {
      hosts = await startFakeHosts({ answers: { dataset: { status: 200, body } } });
      const before = snapshot();
      const run = await build(hosts.url);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(message);
      expect(snapshot()).toEqual(before);
    });
  }

  it('fails with the response body when the login answers 400, and never prints the password', async () => {
    hosts = await startFakeHosts({
      answers: { token: { status: 400, body: '{"detail":"No active account found with the given credentials"}' } },
    });
    const before = snapshot();
    const run = await build(hosts.url, { BOOTH_SERVICE_PASSWORD: 'hunter2-secret-value' });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('(HTTP 400): {"detail":"No active account found with the given credentials"}');
    expect(run.stdout + run.stderr).not.toContain('hunter2-secret-value');
    expect(snapshot()).toEqual(before);
  });

  it('keeps the previous site when astro build itself fails', async () => {
    const before = snapshot();
    const settings = readSettings({
      BOOTH_OUT_DIR: outDir,
      BOOTH_SITE_DATA: siteDataFile,
      BOOTH_AI_HOST: `http://127.0.0.1:${await freePort()}`,
    });
    // A real astro build, told to build a tenant that does not exist: the pages throw.
    const failing = runPipeline(settings, {
      brandingItems: [{ slug: 'aurora' }],
      buildSite: (site) => astroBuild({ ...site, rootTenant: 'no-such-tenant' }),
    });
    await expect(failing).rejects.toThrow(/astro build failed .*no tenant has the slug "no-such-tenant"/s);
    expect(snapshot()).toEqual(before);
  });
});

describe('a build pointed at a folder it did not make', () => {
  it('refuses to replace it, naming what is there, and touches nothing', async () => {
    const foreign = join(dir, 'src-by-mistake');
    mkdirSync(join(foreign, 'lib'), { recursive: true });
    writeFileSync(join(foreign, 'camera.ts'), 'export {};\n');
    const run = await build(`http://127.0.0.1:${await freePort()}`, { BOOTH_OUT_DIR: foreign });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /BOOTH_OUT_DIR must be a new or empty folder, or one an earlier build made: .*src-by-mistake holds files no earlier build made \(camera\.ts, lib\)/,
    );
    expect(readdirSync(foreign).sort()).toEqual(['camera.ts', 'lib']);
    expect(readdirSync(dir).filter((f) => f.includes('building'))).toEqual([]);
  });
});

describe('a build that is stopped', () => {
  it('removes its work in progress, stops astro build and keeps the previous site', async () => {
    hosts = await startFakeHosts();
    const before = snapshot();
    const { child, done } = startScript('scripts/build.ts', {
      ...hostsAt(hosts.url),
      BOOTH_OUT_DIR: outDir,
      BOOTH_SITE_DATA: siteDataFile,
    });
    // Stopped while astro build runs: its process is there, started by the build.
    const astro = () => childProcesses(child.pid!).find((p) => p.command.includes('astro.mjs'));
    await expect.poll(astro, { timeout: patience(30_000), interval: 20 }).toBeDefined();
    const { pid: astroPid } = astro()!;
    child.kill('SIGTERM');
    const run = await done;
    expect(run.code).toBe(130);
    expect(existsSync(`/proc/${astroPid}`), 'astro build is stopped with it').toBe(false);
    expect(run.stderr).toMatch(/The build was stopped \(SIGTERM\)/);
    expect(snapshot()).toEqual(before);
    expect(readdirSync(dir).filter((f) => f.includes('building'))).toEqual([]);
  });
});
