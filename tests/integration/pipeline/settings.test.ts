// A bad setting stops `npm run build` with one line, before any host is called.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHosts, type FakeHosts } from './support/fake-hosts.ts';
import { RUNS, hostsAt, runScript } from './support/run-script.ts';

const dir = join(RUNS, 'bad-settings');
let hosts: FakeHosts;

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  hosts = await startFakeHosts();
});
afterAll(() => hosts.stop());

describe('npm run build with a bad setting', () => {
  it.each([
    ['BOOTH_APP_NAME', 'photo/booth'],
    ['BOOTH_BUCKET_PREFIX', 'booth-assets'],
    ['BOOTH_DATASET_ID', '10 333'],
    ['BOOTH_PROXY_SIGNATURE', 'media'],
  ])('%s=%s: one line naming it, no host called, nothing written', async (name, value) => {
    const outDir = join(dir, 'dist');
    const run = await runScript('scripts/build.ts', {
      ...hostsAt(hosts.url),
      BOOTH_OUT_DIR: outDir,
      BOOTH_SITE_DATA: join(dir, 'tenants.generated.json'),
      [name]: value,
    });
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n').filter((line) => line.trim() && !/^npm warn/.test(line));
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^Invalid setting ${name}=".+": \\S`))]);
    expect(hosts.seen).toEqual([]);
    expect(existsSync(outDir)).toBe(false);
  });
});
