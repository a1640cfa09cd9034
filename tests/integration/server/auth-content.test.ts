import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATASET_ID, DEFAULT_TENANT_SLUG, DEMO_TENANT_SLUGS, DatasetResponseSchema, BrandingItemSchema } from '../../../contract/index.ts';
import { startServer, type RunningServer } from '../../support/server.ts';
import { obtainToken } from './support/client.ts';

const SECRET = 'a-test-secret-that-is-at-least-32-characters-long';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
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
    for (const body of ['{"username": ', '[]', '{"username": "booth-build"}', 'username=a&password=b']) {
      const res = await login(body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).error).toBeTruthy();
    }
  });

  it('lists the default tenant and two demo tenants with distinct branding', async () => {
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
      expect(Math.max(contrast(tenant.accentColor!, '#ffffff'), contrast(tenant.accentColor!, tenant.backgroundColor!), contrast(tenant.accentColor!, tenant.textColor!))).toBeGreaterThanOrEqual(4.5);
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
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'admin' })).toString('base64url');
    for (const header of [undefined, token, 'JWT', `JWT ${head}.${forged}.${signature}`, `JWT ${token.slice(0, -3)}abc`]) {
      const res = await dataset(header);
      expect(res.status, String(header)).toBe(401);
      expect((await res.json()).error).toBeTruthy();
    }
  });

  it('answers 401 for an expired token', async () => {
    const expired = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer('photo-booth').setSubject('booth-build')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(new TextEncoder().encode(SECRET));
    const res = await dataset(`JWT ${expired}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatch(/expired/);
  });

  it('answers 404 for an unknown dataset', async () => {
    const res = await dataset(`JWT ${await obtainToken(server.url)}`, '999');
    expect(res.status).toBe(404);
  });

  it('answers CORS preflights so the site can be hosted elsewhere', async () => {
    const res = await fetch(`${server.url}/transformations/jobs/create/`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://booth.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
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
      const res = await fetch(`${second.url}/datasets/${DEFAULT_DATASET_ID}`, { headers: { Authorization: `JWT ${token}` } });
      expect(res.status).toBe(200);
      // Seeding twice adds nothing.
      expect(((await res.json()) as { content: unknown[] }).content).toHaveLength(3);
    } finally {
      await second.stop();
    }
  });
});
