// `npm start` as a person runs it: the embedded server, a build of every tenant against it, the
// booth served on one port; Ctrl-C stops everything, and a second start works as it is.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import { join } from 'node:path';
import { lanAddress } from '../../support/network.ts';
import { patience } from '../../support/patience.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/** The status of an https GET that trusts only `ca`. */
const httpsStatus = (url: string, ca: string) =>
  new Promise<number>((resolve, reject) => {
    https
      .get(url, { ca, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
      .on('error', reject);
  });

function start(dir: string, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      BOOTH_HOST: '0.0.0.0',
      BOOTH_WORKERS: '1',
      BOOTH_DATA_DIR: join(dir, 'data'),
      BOOTH_OUT_DIR: join(dir, 'dist'),
      BOOTH_SITE_DATA: join(dir, 'tenants.generated.json'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (output.includes('Press Ctrl-C to stop.')) resolve(output);
    });
    child.on('exit', (code) => reject(new Error(`npm start exited ${code} before it was ready:\n${output}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exit };
}

describe('npm start', () => {
  it(
    'serves every tenant, stops on Ctrl-C, and starts again on the same data',
    async () => {
      const dir = mkdtempSync(join(root, '.test-runs', 'start-'));
      for (const round of [1, 2]) {
        const run = start(dir);
        const output = await run.ready;
        const base = /The booth is ready\.\n\s+.+: (http:\/\/localhost:\d+\/)/.exec(output)?.[1];
        expect(base, `round ${round}: the default tenant's address is printed`).toBeTruthy();
        const aurora = /: (http:\/\/localhost:\d+\/aurora\/)/.exec(output)?.[1];
        const meadow = /: (http:\/\/localhost:\d+\/meadow\/)/.exec(output)?.[1];
        expect(aurora && meadow, 'each demo tenant has its address printed').toBeTruthy();

        const intro = await fetch(base!);
        expect(intro.status).toBe(200);
        expect(await intro.text()).toContain('<h1');
        expect((await fetch(aurora!)).status).toBe(200);
        expect((await fetch(`${base}results/anything`)).status).toBe(200);

        // Phones on the network are given the HTTPS address, where they get the camera.
        if (lanAddress) {
          const phone = new RegExp(`Phones on this network: (https://${lanAddress.replace(/\./g, '\\.')}:\\d+/)`).exec(
            output,
          )?.[1];
          expect(phone, `round ${round}: the address for phones is printed:\n${output}`).toBeTruthy();
          expect(output).toContain('self-signed certificate');
          expect(
            await httpsStatus(`${phone}aurora/camera`, readFileSync(join(dir, 'data', 'tls', 'cert.pem'), 'utf8')),
          ).toBe(200);
        }

        run.child.kill('SIGINT');
        expect(await run.exit).toBe(0);
        await expect(fetch(base!)).rejects.toThrow();
      }
    },
    patience(180_000),
  );

  it(
    'prints no address for phones when the booth listens on this machine only',
    async () => {
      const dir = mkdtempSync(join(root, '.test-runs', 'start-'));
      const run = start(dir, { BOOTH_HOST: '127.0.0.1' });
      const output = await run.ready;
      expect(output).not.toContain('Phones on this network');
      expect(output).not.toContain('On this network');
      const base = /The booth is ready\.\n\s+.+: (http:\/\/localhost:\d+\/)/.exec(output)?.[1];
      expect((await fetch(base!)).status).toBe(200);
      run.child.kill('SIGINT');
      expect(await run.exit).toBe(0);
    },
    patience(120_000),
  );

  it.skipIf(!lanAddress)(
    'builds against, and prints, the one network address it was told to listen on',
    async () => {
      const dir = mkdtempSync(join(root, '.test-runs', 'start-'));
      const run = start(dir, { BOOTH_HOST: lanAddress! });
      const output = await run.ready;
      const base = new RegExp(
        `The booth is ready\\.\\n\\s+.+: (http://${lanAddress!.replace(/\./g, '\\.')}:\\d+/)`,
      ).exec(output)?.[1];
      expect(base, output).toBeTruthy();
      expect((await fetch(`${base}aurora/`)).status).toBe(200);
      expect(output).toMatch(new RegExp(`Phones on this network: https://${lanAddress!.replace(/\./g, '\\.')}:\\d+/`));
      run.child.kill('SIGINT');
      expect(await run.exit).toBe(0);
    },
    patience(120_000),
  );
});
