import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DATASET_ID,
  DEFAULT_SERVICE_PASSWORD,
  DEFAULT_SERVICE_USERNAME,
  DEFAULT_TENANT_SLUG,
  DEMO_TENANT_SLUGS,
  DatasetResponseSchema,
  BrandingItemSchema,
} from '../../../contract/index.ts';
import { newDataDir, startServer, type RunningServer } from '../../support/server-process.ts';
import { obtainToken } from './support/client.ts';

const SECRET = 'a-test-secret-that-is-at-least-32-characters-long';
/** The limit of every JSON body but a photo's (server/hosts/http.ts). */
const JSON_BODY_LIMIT = 64 * 1024;

/** A POST whose body goes out in chunks with no Content-Length, as a client streaming it would send it. */
function postChunked(url: string, chunks: Buffer[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, agent: false },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    // The server may answer and close before the whole body is written.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** Sets the branding JSON of one tenant row, as an operator editing booth.sqlite would. */
function editBranding(dataDir: string, slug: string, branding: string) {
  const db = new DatabaseSync(path.join(dataDir, 'booth.sqlite'));
  try {
    const changed = db.prepare('UPDATE tenants SET branding = ? WHERE slug = ?').run(branding, slug);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('auth host and content host', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_JWT_SECRET: SECRET, BOOTH_WORKERS: '1' } });
  });
  afterAll(() => server?.stop());

  const login = (body: string, type = 'application/json') =>
    fetch(`${server.url}/jwt/obtain-token`, { method: 'POST', headers: { 'Content-Type': type }, body });
  const dataset = (authorization?: string, id = DEFAULT_DATASET_ID) =>
    fetch(`${server.url}/datasets/${id}`, { headers: authorization ? { Authorization: authorization } : {} });

  it('gives a signed token with an expiry for the service account', async () => {
    const token = await obtainToken(server.url);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(3600);
    expect(payload.sub).toBe('booth-build');
  });

  it('answers 400 with a reason for wrong credentials', async () => {
    const res = await login(JSON.stringify({ username: 'booth-build', password: 'wrong' }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/unable to log in/i);
  });

  it('answers 400 for a malformed body', async () => {
    const notJson = 'The request body is not valid JSON.';
    const shape = 'Send {"username": "...", "password": "..."} as JSON.';
    const answers = {
      '{"username": ': notJson,
      'username=a&password=b': notJson,
      '[]': shape,
      '{"username": "booth-build"}': shape,
    };
    for (const [body, error] of Object.entries(answers)) {
      const res = await login(body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).error).toBe(error);
    }
  });

  it('reads a login as JSON whatever its Content-Type says', async () => {
    const res = await login(JSON.stringify({ username: 'booth-build', password: 'wrong' }), 'text/plain');
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Unable to log in with the provided credentials.');
  });

  it('answers the token and dataset calls with or without the trailing slash', async () => {
    const body = JSON.stringify({ username: DEFAULT_SERVICE_USERNAME, password: DEFAULT_SERVICE_PASSWORD });
    for (const path of ['/jwt/obtain-token', '/jwt/obtain-token/']) {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(res.status, path).toBe(200);
      const { token } = (await res.json()) as { token: string };
      const content = await fetch(
        `${server.url}${path.replace('jwt/obtain-token', `datasets/${DEFAULT_DATASET_ID}`)}`,
        { headers: { Authorization: `JWT ${token}` } },
      );
      expect(content.status, path).toBe(200);
    }
  });

  it('answers 413 for a login body over the limit, without reading it, and keeps answering', async () => {
    const res = await login(JSON.stringify({ username: 'booth-build', password: 'x'.repeat(JSON_BODY_LIMIT) }));
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/too large.*64 KB/);
    const chunked = await postChunked(
      `${server.url}/jwt/obtain-token`,
      Array.from({ length: 80 }, () => Buffer.alloc(1024, 0x20)),
    );
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error).toMatch(/too large.*64 KB/);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(await obtainToken(server.url)).toBeTruthy();
  });

  it('lists the default tenant and the demo tenants with distinct branding', async () => {
    const res = await dataset(`JWT ${await obtainToken(server.url)}`);
    expect(res.status).toBe(200);
    const content = DatasetResponseSchema.parse(await res.json()).content.map((item) => BrandingItemSchema.parse(item));
    expect(content.map((t) => t.slug)).toEqual([DEFAULT_TENANT_SLUG, ...DEMO_TENANT_SLUGS]);
    const [aurora, meadow] = DEMO_TENANT_SLUGS.map((slug) => content.find((t) => t.slug === slug)!);
    expect(aurora!.backgroundColor).not.toBe(meadow!.backgroundColor);
    for (const tenant of [aurora!, meadow!]) {
      expect(tenant.logoUrl).toBe(`${tenant.slug}/logo.png`);
      expect(tenant.viewFinderDesc!.split('\n').length).toBeGreaterThan(2);
      expect(contrast(tenant.textColor!, tenant.backgroundColor!)).toBeGreaterThanOrEqual(4.5);
      // A button label on the accent, dark or white, whichever reads better, must reach AA.
      expect(
        Math.max(
          contrast(tenant.accentColor!, '#ffffff'),
          contrast(tenant.accentColor!, tenant.backgroundColor!),
          contrast(tenant.accentColor!, tenant.textColor!),
        ),
      ).toBeGreaterThanOrEqual(4.5);
      const range = await fetch(`${server.url}${tenant.video}`, { headers: { Range: 'bytes=0-99' } });
      expect(range.status).toBe(206);
      expect((await range.arrayBuffer()).byteLength).toBe(100);
      const video = await fetch(`${server.url}${tenant.video}`);
      expect(video.headers.get('content-type')).toBe('video/mp4');
      expect((await video.arrayBuffer()).byteLength).toBeLessThan(300 * 1024);
    }
  });

  it('answers 401 without a token, with a malformed header, or with a tampered token', async () => {
    const token = await obtainToken(server.url);
    const [head, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'admin' }),
    ).toString('base64url');
    for (const header of [
      undefined,
      token,
      'JWT',
      `JWT ${head}.${forged}.${signature}`,
      `JWT ${token.slice(0, -3)}abc`,
    ]) {
      const res = await dataset(header);
      expect(res.status, String(header)).toBe(401);
      expect((await res.json()).error).toBeTruthy();
    }
  });

  it('answers 401 for an expired token', async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('photo-booth')
      .setSubject('booth-build')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(SECRET));
    const res = await dataset(`JWT ${expired}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/expired/);
  });

  it('answers 401 for a token without an expiry', async () => {
    const forever = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('photo-booth')
      .setSubject('booth-build')
      .setIssuedAt()
      .sign(new TextEncoder().encode(SECRET));
    const res = await dataset(`JWT ${forever}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/not valid/);
  });

  it('answers 404 for an unknown dataset', async () => {
    const res = await dataset(`JWT ${await obtainToken(server.url)}`, '999');
    expect(res.status).toBe(404);
  });

  it('answers CORS preflights so the site can be hosted elsewhere', async () => {
    const res = await fetch(`${server.url}/transformations/jobs/create/`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://booth.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });
});

describe('JWT secret', () => {
  it('is generated once, kept in the data folder, and tokens survive a restart', async () => {
    const first = await startServer({ env: { BOOTH_WORKERS: '1' } });
    const token = await obtainToken(first.url);
    await first.stop();
    expect(fs.existsSync(path.join(first.dataDir, 'jwt-secret'))).toBe(true);
    const second = await startServer({ dataDir: first.dataDir, env: { BOOTH_WORKERS: '1' } });
    try {
      const res = await fetch(`${second.url}/datasets/${DEFAULT_DATASET_ID}`, {
        headers: { Authorization: `JWT ${token}` },
      });
      expect(res.status).toBe(200);
      // Seeding twice adds nothing.
      expect(((await res.json()) as { content: unknown[] }).content).toHaveLength(1 + DEMO_TENANT_SLUGS.length);
    } finally {
      await second.stop();
    }
  });
});

describe('tenant branding edited by hand', () => {
  it('stops the start with one line naming a tenant whose branding JSON is broken', async () => {
    const first = await startServer({ env: { BOOTH_WORKERS: '1' } });
    await first.stop();
    editBranding(first.dataDir, 'aurora', '{"slug": "aurora",\n "client": ');
    const error = await startServer({ dataDir: first.dataDir, env: { BOOTH_WORKERS: '1' } }).then(
      async (s) => {
        await s.stop();
        return null;
      },
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/exited with code 1/);
    const lines = error!.message.split('\n').filter((l) => l.trim() && !/exited with code/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot start the booth server: .*tenant "aurora".*not valid JSON/);
  });

  it('skips a row broken while the server runs, logs it, and answers the other tenants', async () => {
    const server = await startServer({ dataDir: newDataDir(), env: { BOOTH_WORKERS: '1' } });
    try {
      editBranding(server.dataDir, 'meadow', '[not json');
      const res = await fetch(`${server.url}/datasets/${DEFAULT_DATASET_ID}`, {
        headers: { Authorization: `JWT ${await obtainToken(server.url)}` },
      });
      expect(res.status).toBe(200);
      const content = DatasetResponseSchema.parse(await res.json()).content as { slug: string }[];
      expect(content.map((t) => t.slug)).toEqual([
        DEFAULT_TENANT_SLUG,
        ...DEMO_TENANT_SLUGS.filter((slug) => slug !== 'meadow'),
      ]);
      await expect.poll(() => server.output()).toMatch(/tenant "meadow" .*skipped/);
    } finally {
      await server.stop();
    }
  });
});
