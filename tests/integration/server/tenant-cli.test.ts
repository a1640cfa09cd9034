// The ops CLI (npm run tenant) against the real server: what it adds, sets and removes is what
// the console's API then answers; a bad slug, a bad file and a booth that is not running each
// end with one sentence and exit code 1.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDataDir, startServer, type RunningServer } from '../../support/server-process.ts';
import { call, signIn, tenantCli } from './support/console.ts';

describe('npm run tenant', () => {
  let server: RunningServer;
  let dir: string;
  const file = (name: string, content: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, content);
    return p;
  };
  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off' } });
    dir = newDataDir('tenant-cli');
  });
  afterAll(() => server?.stop());
  const cli = (...args: string[]) => tenantCli(args, { BOOTH_URL: server.url });

  it('adds, sets, lists and removes a tenant through the console API', async () => {
    const branding = file(
      'harbour.json',
      JSON.stringify({ client: 'Harbour Days', backgroundColor: '#102030', styles: ['neon', 'comic'] }),
    );
    const added = await cli('add', 'harbour', '--file', branding);
    expect(added.stderr).toBe('');
    expect(added).toMatchObject({ code: 0, stdout: 'Added harbour.\n' });

    const low = file(
      'low.json',
      JSON.stringify({ client: 'Harbour Days', backgroundColor: '#777777', textColor: '#888888' }),
    );
    const set = await cli('set', 'harbour', '--file', low);
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/^Updated harbour\.\n {2}warning: textColor: .*contrast of 1\.\d\d:1/);

    const list = await cli('list');
    expect(list.stdout).toMatch(/^harbour\tHarbour Days\t\(1 problem\)$/m);
    expect(list.stdout).toMatch(/^aurora\t/m);
    const json = JSON.parse((await cli('list', '--json')).stdout) as Array<{
      slug: string;
      resolved: { backgroundColor: string };
    }>;
    expect(json.find((t) => t.slug === 'harbour')!.resolved.backgroundColor).toBe('#777777');

    const operator = await signIn(server.url);
    expect((await call(server.url, 'GET', '/tenants/harbour', { cookie: operator })).body).toMatchObject({
      branding: { client: 'Harbour Days', textColor: '#888888' },
    });
    expect(await cli('remove', 'harbour')).toMatchObject({ code: 0, stdout: 'Removed harbour and its files.\n' });
    expect((await call(server.url, 'GET', '/tenants/harbour', { cookie: operator })).status).toBe(404);
  });

  it('says what is wrong with a bad slug, a bad file, bad fields, and a tenant that does not exist', async () => {
    const bad = await cli('add', 'Bad Slug', '--file', file('ok.json', '{}'));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^The slug "Bad Slug" may only hold lowercase letters, digits and hyphens\.\n/);
    expect((await cli('add', 'admin', '--file', file('ok2.json', '{}'))).stderr).toMatch(
      /^The slug "admin" is reserved/,
    );
    expect((await cli('add', 'pier', '--file', path.join(dir, 'missing.json'))).stderr).toMatch(
      /^Cannot read .*missing\.json: ENOENT\./,
    );
    expect((await cli('add', 'pier', '--file', file('broken.json', '{"client": '))).stderr).toMatch(
      /^.*broken\.json is not valid JSON/,
    );
    expect((await cli('add', 'pier', '--file', file('list.json', '[1]'))).stderr).toMatch(/must hold one JSON object/);
    expect((await cli('add', 'pier')).stderr).toMatch(/^Give the branding with --file FILE\.json\./);
    const fields = await cli(
      'add',
      'pier',
      '--file',
      file('fields.json', JSON.stringify({ accentColor: 'javascript:alert(1)' })),
    );
    expect(fields.code).toBe(1);
    expect(fields.stderr).toBe(
      'Some fields need fixing; see each field.\n  accentColor: Accent colour is not a CSS colour.\n',
    );
    expect((await cli('remove', 'no-such-tenant')).stderr).toBe('There is no tenant "no-such-tenant".\n');
    expect((await cli('frobnicate')).stderr).toMatch(/^There is no command "frobnicate"\.\n\nUsage: npm run tenant/);
  });

  it('says so when no booth is running at BOOTH_URL, or the password is wrong', async () => {
    // A port nobody listens on: taken, then let go.
    const free = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const down = await tenantCli(['list'], { BOOTH_URL: `http://127.0.0.1:${free}` });
    expect(down.code).toBe(1);
    expect(down.stderr).toBe(
      `No booth answers at http://127.0.0.1:${free} (ECONNREFUSED). Start it with npm start, or set BOOTH_URL to the booth's address.\n`,
    );
    const wrong = await tenantCli(['list'], { BOOTH_URL: server.url, BOOTH_SERVICE_PASSWORD: 'not-the-password' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      /^Cannot sign in to the console as booth-build: Unable to sign in.* Check BOOTH_SERVICE_USERNAME and BOOTH_SERVICE_PASSWORD\.\n$/,
    );
    expect(wrong.stderr).not.toContain('not-the-password');
    expect((await tenantCli(['list'], { BOOTH_URL: 'ftp://x' })).stderr).toMatch(
      /^Invalid setting BOOTH_URL="ftp:\/\/x"/,
    );
  });
});
