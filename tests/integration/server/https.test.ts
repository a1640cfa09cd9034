// HTTPS for phones on the event network: a self-signed certificate made once and kept, the
// operator's own certificate, and plain http page loads from another machine sent to HTTPS.
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import path from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDataDir, startServer, type RunningServer } from '../../support/server-process.ts';
import { lanAddress } from '../../support/network.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  cert?: X509Certificate;
}

/** GET over https trusting only `ca` (the host name is checked against the certificate). */
function httpsGet(url: string, ca: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { ca, agent: false }, (res) => {
      const raw = (res.socket as import('node:tls').TLSSocket).getPeerX509Certificate();
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, cert: raw }));
    });
    req.on('error', reject);
  });
}

function httpGet(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

const portOf = (url: string) => new URL(url).port;

describe('HTTPS with a self-signed certificate (the default)', () => {
  let server: RunningServer;
  let cert: string;
  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_HOST: '0.0.0.0', BOOTH_WORKERS: '1' } });
    cert = fs.readFileSync(path.join(server.dataDir, 'tls', 'cert.pem'), 'utf8');
  });
  afterAll(() => server?.stop());

  it('listens for phones on a second port and says so', () => {
    expect(server.httpsUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(server.output()).toMatch(/listening for phones on https:\/\/127\.0\.0\.1:\d+.*self-signed certificate/);
  });

  it('answers the API over TLS with a certificate for localhost, and links results back over https', async () => {
    const base = `https://localhost:${portOf(server.httpsUrl!)}`;
    const health = await httpsGet(`${base}/health`, cert);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true });
    const styles = JSON.parse((await httpsGet(`${base}/transformations/styles`, cert)).body) as {
      thumbnail: string | null;
    }[];
    expect(styles.find((s) => s.thumbnail)?.thumbnail).toMatch(new RegExp(`^${base}/media/styles/`));
  });

  it('names every address a phone may use, and keeps its key private', () => {
    const x509 = new X509Certificate(cert);
    for (const ip of ['127.0.0.1', ...(lanAddress ? [lanAddress] : [])]) expect(x509.checkIP(ip), ip).toBe(ip);
    expect(x509.checkHost('localhost')).toBe('localhost');
    expect(Date.parse(x509.validTo) - Date.now()).toBeGreaterThan(300 * 24 * 3600 * 1000);
    expect(fs.statSync(path.join(server.dataDir, 'tls', 'key.pem')).mode & 0o077).toBe(0);
  });

  it.skipIf(!lanAddress)('sends a page load from another machine over plain http to HTTPS', async () => {
    const answer = await httpGet(`http://${lanAddress}:${server.port}/aurora/camera?x=1`, {
      'Upgrade-Insecure-Requests': '1',
    });
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(`https://${lanAddress}:${portOf(server.httpsUrl!)}/aurora/camera?x=1`);
    const served = await httpsGet(`https://${lanAddress}:${portOf(server.httpsUrl!)}/health`, cert);
    expect(served.status).toBe(200);
  });

  it.skipIf(!lanAddress)('answers a page load through a reverse proxy over plain http as it comes', async () => {
    const proxied: Record<string, string>[] = [
      { 'X-Forwarded-Proto': 'https' },
      { 'X-Forwarded-For': '203.0.113.7' },
      { 'X-Forwarded-Host': 'booth.example.org' },
      { Forwarded: 'for=203.0.113.7;proto=https' },
    ];
    for (const header of proxied) {
      const answer = await httpGet(`http://${lanAddress}:${server.port}/health`, {
        'Upgrade-Insecure-Requests': '1',
        ...header,
      });
      expect(answer.status, JSON.stringify(header)).toBe(200);
      expect(answer.headers.location).toBeUndefined();
    }
  });

  it.skipIf(!lanAddress)('answers API calls from another machine over plain http as they come', async () => {
    expect((await httpGet(`http://${lanAddress}:${server.port}/health`)).status).toBe(200);
  });

  it('answers page loads on this machine over plain http: http://localhost is already secure', async () => {
    const answer = await httpGet(`http://127.0.0.1:${server.port}/health`, { 'Upgrade-Insecure-Requests': '1' });
    expect(answer.status).toBe(200);
  });

  it.skipIf(!lanAddress)('sends no page load to HTTPS when BOOTH_PUBLIC_URL says a proxy is in front', async () => {
    const proxied = await startServer({
      env: { BOOTH_HOST: '0.0.0.0', BOOTH_WORKERS: '1', BOOTH_PUBLIC_URL: 'https://booth.example.org' },
    });
    try {
      const answer = await httpGet(`http://${lanAddress}:${proxied.port}/health`, { 'Upgrade-Insecure-Requests': '1' });
      expect(answer.status).toBe(200);
      expect(answer.headers.location).toBeUndefined();
    } finally {
      await proxied.stop();
    }
  });

  // The last test here: it stops the shared server, since a data folder takes one server at a time.
  it('keeps the certificate across restarts', async () => {
    await server.stop();
    const again = await startServer({ dataDir: server.dataDir, env: { BOOTH_WORKERS: '1', BOOTH_HOST: '127.0.0.1' } });
    try {
      const served = await httpsGet(`https://localhost:${portOf(again.httpsUrl!)}/health`, cert);
      expect(served.cert?.fingerprint256).toBe(new X509Certificate(cert).fingerprint256);
    } finally {
      await again.stop();
    }
  });
});

describe("HTTPS with the operator's certificate", () => {
  let files: { cert: string; key: string; otherKey: string };
  beforeAll(async () => {
    const dir = newDataDir('tls');
    const make = () =>
      generate([{ name: 'commonName', value: 'booth.test' }], {
        keyType: 'ec',
        algorithm: 'sha256',
        extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
      });
    const [mine, other] = await Promise.all([make(), make()]);
    files = {
      cert: path.join(dir, 'cert.pem'),
      key: path.join(dir, 'key.pem'),
      otherKey: path.join(dir, 'other-key.pem'),
    };
    fs.writeFileSync(files.cert, mine.cert);
    fs.writeFileSync(files.key, mine.private);
    fs.writeFileSync(files.otherKey, other.private);
  });

  it('serves BOOTH_TLS_CERT with BOOTH_TLS_KEY and makes no certificate of its own', async () => {
    const server = await startServer({
      env: { BOOTH_WORKERS: '1', BOOTH_TLS_CERT: files.cert, BOOTH_TLS_KEY: files.key },
    });
    try {
      const cert = fs.readFileSync(files.cert, 'utf8');
      const served = await httpsGet(`https://localhost:${portOf(server.httpsUrl!)}/health`, cert);
      expect(served.status).toBe(200);
      expect(served.cert?.fingerprint256).toBe(new X509Certificate(cert).fingerprint256);
      expect(server.output()).toContain('certificate from BOOTH_TLS_CERT');
      expect(fs.existsSync(path.join(server.dataDir, 'tls'))).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it.each([
    [
      'a key that is not the certificate’s',
      () => ({ BOOTH_TLS_CERT: files.cert, BOOTH_TLS_KEY: files.otherKey }),
      /BOOTH_TLS_KEY .* is not the key of the certificate/,
    ],
    [
      'a certificate file that does not exist',
      () => ({ BOOTH_TLS_CERT: `${files.cert}.missing`, BOOTH_TLS_KEY: files.key }),
      /BOOTH_TLS_CERT .* cannot be read \(ENOENT\)/,
    ],
    [
      'a key file that holds a certificate',
      () => ({ BOOTH_TLS_CERT: files.cert, BOOTH_TLS_KEY: files.cert }),
      /BOOTH_TLS_KEY .* is not a PEM private key/,
    ],
    [
      'a certificate without its key',
      () => ({ BOOTH_TLS_CERT: files.cert }),
      /BOOTH_TLS_CERT and BOOTH_TLS_KEY go together/,
    ],
    [
      'the HTTPS port equal to PORT',
      () => ({ PORT: '4999', BOOTH_HTTPS_PORT: '4999' }),
      /BOOTH_HTTPS_PORT.*a port of its own/,
    ],
    ['an unknown BOOTH_HTTPS', () => ({ BOOTH_HTTPS: 'maybe' }), /BOOTH_HTTPS="maybe": expected on or off/],
  ])('stops with one clear line for %s', async (_, env, message) => {
    const error = await startServer({ env: { BOOTH_WORKERS: '1', ...env() } }).then(
      async (s) => {
        await s.stop();
        return null;
      },
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/exited with code 1/);
    const lines = error!.message.split('\n').filter((l) => l.trim() && !/exited with code/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  it('listens on plain http only with BOOTH_HTTPS=off', async () => {
    const server = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off' } });
    try {
      expect(server.httpsUrl).toBeNull();
      expect(server.output()).not.toContain('https://');
      expect(fs.existsSync(path.join(server.dataDir, 'tls'))).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
