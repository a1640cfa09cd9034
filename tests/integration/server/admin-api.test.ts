// The operator console's API against the real server and its SQLite file: no session, no answer
// (401); a tenant account stays inside its tenant (403); calls from another site are refused;
// a tenant's branding is checked by the contract's rules, the build's own, with field problems.
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { call, signIn } from './support/console.ts';
import { CONSOLE_ROUTES, TENANT_ROUTES, routeFor } from './support/console-routes.ts';

/** Every route of the API but sign-in itself, naming aurora where it names a tenant; and one that is not a route. */
const ROUTES: [string, string, unknown?][] = [
  ...CONSOLE_ROUTES.filter((r) => !(r.method === 'POST' && r.path === '/session')).map((r) => {
    const { method, path: p, body } = routeFor(r, 'aurora');
    return [method, p, body] as [string, string, unknown?];
  }),
  ['GET', '/no-such-call'],
];

describe('the console API', () => {
  let server: RunningServer;
  let operator: string;
  beforeAll(async () => {
    server = await startServer({
      env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_LOGIN_ATTEMPTS: '4', BOOTH_LOGIN_WINDOW_SECONDS: '600' },
    });
    operator = await signIn(server.url);
  });
  afterAll(() => server?.stop());
  const api = <T = Record<string, unknown>>(method: string, p: string, opts: Parameters<typeof call>[3] = {}) =>
    call<T>(server.url, method, p, { cookie: operator, ...opts });

  it('answers 401 to every call without a session, and to a made-up session', async () => {
    for (const [method, p, body] of ROUTES) {
      const anonymous = await call(server.url, method, p, { body });
      expect(anonymous.status, `${method} ${p}`).toBe(401);
      expect(anonymous.body.error).toBe('Sign in to the console first.');
      expect(
        (await call(server.url, method, p, { body, cookie: 'booth_console=made-up' })).status,
        `${method} ${p}`,
      ).toBe(401);
    }
  });

  it('signs in with an HttpOnly SameSite=Strict cookie (not Secure over http), and refuses a wrong password without saying which part', async () => {
    const res = await call(server.url, 'POST', '/session', {
      body: { username: 'booth-build', password: 'booth-build-local-password' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: 'booth-build', role: 'operator', tenant: null });
    const cookie = res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^booth_console=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/admin/);
    expect(cookie).not.toMatch(/Secure/);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const wrong = await call(server.url, 'POST', '/session', { body: { username: 'booth-build', password: 'guess' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Unable to sign in with that user name and password.');
    expect(JSON.stringify(wrong.body)).not.toContain('guess');
  });

  it('signs out: the cookie no longer opens anything', async () => {
    const cookie = await signIn(server.url);
    expect((await call(server.url, 'GET', '/session', { cookie })).status).toBe(200);
    expect((await call(server.url, 'DELETE', '/session', { cookie })).status).toBe(204);
    expect((await call(server.url, 'GET', '/session', { cookie })).status).toBe(401);
  });

  it('refuses a state-changing call from another site, even with the session', async () => {
    const body = { slug: 'evil-corp' };
    const fromOrigin = await api('POST', '/tenants', { body, headers: { origin: 'https://evil.example' } });
    expect(fromOrigin.status).toBe(403);
    expect(fromOrigin.body.error).toMatch(/came from another site/);
    expect((await api('POST', '/tenants', { body, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await api('DELETE', '/tenants/aurora', { headers: { 'sec-fetch-site': 'same-site' } })).status).toBe(403);
    // A form post (what a cross-site page can send without asking) is not JSON: refused too.
    const form = await api('POST', '/tenants', {
      body: 'slug=evil-corp',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect((await api('GET', '/tenants/evil-corp')).status).toBe(404);
    // A form another site's page posts, with the headers Chromium sends with it (and the cookie,
    // as an older browser without SameSite would): refused before its body is read.
    const browserForm = {
      'content-type': 'text/plain',
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    };
    const forged = await api('POST', '/tenants', { body: '{"slug":"evil-corp","x":"="}', headers: browserForm });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toMatch(/came from another site/);
    expect((await api('POST', '/publish', { body: '{}', headers: browserForm })).status).toBe(403);
    expect(
      (await api('DELETE', '/tenants/aurora/results', { headers: { origin: 'null', 'sec-fetch-site': 'cross-site' } }))
        .status,
    ).toBe(403);
    expect((await api('GET', '/tenants/evil-corp')).status).toBe(404);
    // The console's own pages: same origin.
    expect(
      (
        await api('POST', '/tenants', {
          body: { slug: 'same-origin' },
          headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a bad or reserved slug and bad fields with 400 and the problem of each field', async () => {
    for (const slug of ['Bad Slug', 'admin', 'camera', 'insecure', '', 'x'.repeat(64)]) {
      const res = await api('POST', '/tenants', { body: { slug } });
      expect(res.status, slug).toBe(400);
      expect((res.body.fields as Record<string, string[]>).slug?.[0], slug).toMatch(/^Slug/);
    }
    const res = await api('POST', '/tenants', {
      body: {
        slug: 'bad-fields',
        backgroundColor: 'javascript:alert(1)',
        logoUrl: '../../etc/passwd',
        video: 'data:video/mp4,x',
        countdownSeconds: 4,
        styles: ['neon', 'neon'],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Some fields need fixing; see each field.');
    expect(res.body.fields).toEqual({
      backgroundColor: ['Background colour is not a CSS colour.'],
      logoUrl: [expect.stringMatching(/^Logo is not an image name inside the bucket/)],
      video: ['Processing video uses a URL scheme other than https.'],
      countdownSeconds: ['Countdown is not one of 0, 3, 5.'],
      styles: ['Styles names a style twice.'],
    });
    const notText = await api('POST', '/tenants', { body: { slug: 'not-text', client: 42 } });
    expect(notText.status).toBe(400);
    expect(notText.body.fields).toEqual({ client: ['Client name must be text.'] });
    expect((await api('POST', '/tenants', { body: [1, 2] })).status).toBe(400);
    expect((await api('POST', '/tenants', { body: '{"slug":' })).status).toBe(400);
    expect((await api('GET', '/tenants/bad-fields')).status).toBe(404);
  });

  it('creates, edits, lists and deletes a tenant, with the contrast warning and its files', async () => {
    const created = await api('POST', '/tenants', {
      body: {
        slug: 'harbour',
        client: '<b>Harbour</b> & Co',
        backgroundColor: '#777777',
        textColor: '#888888',
        styles: ['neon', 'comic', 'pop-art'],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.warnings).toEqual({
      textColor: [expect.stringMatching(/contrast of 1\.\d\d:1, under the 4\.5:1/)],
    });
    // Markup is kept as text: the console shows it as it was typed.
    expect(created.body.resolved).toMatchObject({
      client: '<b>Harbour</b> & Co',
      backgroundColor: '#777777',
      styles: ['neon', 'comic', 'pop-art'],
    });
    expect((await api('POST', '/tenants', { body: { slug: 'harbour' } })).status).toBe(409);

    const edited = await api('PUT', '/tenants/harbour', {
      body: { client: 'Harbour', textColor: '#ffffff', backgroundColor: '#000000', styles: ['comic'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.warnings).toEqual({});
    expect(edited.body.branding).toEqual({
      slug: 'harbour',
      client: 'Harbour',
      textColor: '#ffffff',
      backgroundColor: '#000000',
      styles: ['comic'],
    });
    expect((await api('PUT', '/tenants/harbour', { body: { slug: 'other' } })).status).toBe(400);
    const unknownStyle = await api('PUT', '/tenants/harbour', { body: { styles: ['no-such-style'] } });
    expect(unknownStyle.status).toBe(400);
    expect(unknownStyle.body.fields).toEqual({
      styles: ['Styles names styles the booth does not offer: no-such-style.'],
    });

    const list = await api<Array<{ slug: string }>>('GET', '/tenants');
    expect(list.body.map((t) => t.slug)).toEqual(
      expect.arrayContaining(['default', 'aurora', 'meadow', 'gala', 'harbour']),
    );
    expect(list.body.at(-1)!.slug).toBe('harbour');

    const folder = path.join(server.dataDir, 'tenant-assets', 'harbour');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'logo.png'), 'x');
    expect((await api('DELETE', '/tenants/harbour')).status).toBe(204);
    expect(fs.existsSync(folder)).toBe(false);
    expect((await api('GET', '/tenants/harbour')).status).toBe(404);
    expect((await api('DELETE', '/tenants/default')).status).toBe(400);
    // The default tenant's images are its local files, as the build keeps them.
    expect((await api('GET', '/tenants/default')).body).toMatchObject({
      branding: { logoUrl: 'default/logo.png' },
      resolved: { logoUrl: '/assets/logo.svg' },
    });
    expect(fs.existsSync(path.join(server.dataDir, 'tenant-assets', 'aurora'))).toBe(true);
  });

  it('the content host serves what the console saved, so the next build bakes it in', async () => {
    expect(
      (await api('PUT', '/tenants/meadow', { body: { client: 'Meadow Fair', styles: ['pencil-sketch', 'neon'] } }))
        .status,
    ).toBe(200);
    const token = await fetch(`${server.url}/jwt/obtain-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'booth-build', password: 'booth-build-local-password' }),
    });
    const { token: jwt } = (await token.json()) as { token: string };
    const dataset = (await (
      await fetch(`${server.url}/datasets/10333`, { headers: { authorization: `JWT ${jwt}` } })
    ).json()) as { content: Array<{ slug: string; styles?: string[] }> };
    expect(dataset.content.find((t) => t.slug === 'meadow')!.styles).toEqual(['pencil-sketch', 'neon']);
  });

  it('keeps a tenant account inside its own tenant (403), and operators only may manage accounts and tenants', async () => {
    const password = 'aurora-staff-password';
    expect(
      (
        await api('POST', '/accounts', {
          body: { username: 'aurora-staff', password: 'short', role: 'tenant', tenant: 'aurora' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await api('POST', '/accounts', { body: { username: 'x-staff', password, role: 'tenant', tenant: 'nobody' } }))
        .status,
    ).toBe(400);
    const added = await api('POST', '/accounts', {
      body: { username: 'aurora-staff', password, role: 'tenant', tenant: 'aurora' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(JSON.stringify(added.body)).not.toContain(password);
    expect(
      (await api('POST', '/accounts', { body: { username: 'aurora-staff', password, role: 'operator' } })).status,
    ).toBe(409);
    // The database keeps a scrypt hash, never the password.
    const accounts = await api<Array<Record<string, unknown>>>('GET', '/accounts');
    expect(accounts.body).toEqual([
      { username: 'booth-build', role: 'operator', tenant: null },
      { username: 'aurora-staff', role: 'tenant', tenant: 'aurora' },
    ]);

    const staff = await signIn(server.url, 'aurora-staff', password);
    const as = (method: string, p: string, body?: unknown) => call(server.url, method, p, { cookie: staff, body });
    expect((await as('GET', '/tenants')).body).toEqual([expect.objectContaining({ slug: 'aurora' })]);
    expect((await as('GET', '/tenants/aurora')).status).toBe(200);
    expect((await as('PUT', '/tenants/aurora', { client: 'Aurora Events', styles: ['neon'] })).status).toBe(200);
    for (const [method, p, body] of [
      ['GET', '/tenants/meadow'],
      ['PUT', '/tenants/meadow', { client: 'Taken over' }],
      ['GET', '/tenants/no-such-tenant'],
      ['DELETE', '/tenants/meadow'],
      ['DELETE', '/tenants/aurora'],
      ['POST', '/tenants', { slug: 'mine' }],
      ['GET', '/accounts'],
      ['POST', '/accounts', { username: 'y', password, role: 'operator' }],
      ['DELETE', '/accounts/booth-build'],
    ] as [string, string, unknown?][]) {
      const res = await as(method, p, body);
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.body.error).toMatch(
        /^(This account manages the tenant "aurora" only|Only an operator account may do this)\.$/,
      );
    }
    // Every route that names a tenant, for another tenant: 403, before anything of it is told.
    for (const route of TENANT_ROUTES) {
      for (const other of ['meadow', 'no-such-tenant']) {
        const { method, path: p, body } = routeFor(route, other);
        const res = await as(method, p, body);
        expect(res.status, `${method} ${p}`).toBe(403);
        expect(res.body.error, `${method} ${p}`).toMatch(
          /^(This account manages the tenant "aurora" only|Only an operator account may do this)\.$/,
        );
      }
    }
    expect((await api('GET', '/tenants/meadow')).body).toMatchObject({ branding: { client: 'Meadow Fair' } });

    // A deleted account's sessions end with it.
    expect((await api('DELETE', '/accounts/aurora-staff')).status).toBe(204);
    expect((await as('GET', '/tenants/aurora')).status).toBe(401);
  });

  it('throttles failed sign-ins with 429 and Retry-After (last: it holds this address)', async () => {
    // One failure so far (the wrong password above); the limit is 4.
    for (let i = 0; i < 3; i++)
      expect(
        (await call(server.url, 'POST', '/session', { body: { username: `guess-${i}`, password: 'wrong' } })).status,
      ).toBe(400);
    const blocked = await call(server.url, 'POST', '/session', {
      body: { username: 'booth-build', password: 'booth-build-local-password' },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(blocked.body.error).toMatch(/^Too many failed sign-ins\. Please wait \d+ s before trying again\.$/);
  });
});

describe('the console session over HTTPS', () => {
  it('is a Secure cookie', async () => {
    const server = await startServer({ env: { BOOTH_WORKERS: '1' } });
    try {
      const { status, cookie } = await new Promise<{ status: number; cookie: string }>((resolve, reject) => {
        const body = JSON.stringify({ username: 'booth-build', password: 'booth-build-local-password' });
        const req = https.request(
          `${server.httpsUrl}/admin/api/session`,
          {
            method: 'POST',
            rejectUnauthorized: false,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, cookie: String(res.headers['set-cookie']?.[0]) }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(status).toBe(200);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
    } finally {
      await server.stop();
    }
  });
});
