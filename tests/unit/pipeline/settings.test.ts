import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATASET_ID, DEFAULT_SERVICE_PASSWORD } from '../../../contract/index.ts';
import { ROOT, readSettings } from '../../../scripts/pipeline/settings.ts';

describe('build settings', () => {
  it('points every host at the embedded server by default', () => {
    const s = readSettings({});
    expect([s.authHost, s.contentHost, s.aiHost]).toEqual(Array(3).fill('http://127.0.0.1:4321'));
    expect(s.publicAiHost).toBe('');
    expect(s.imageProxyHost).toBe('');
    expect(s.datasetId).toBe(DEFAULT_DATASET_ID);
    expect(s.password).toBe(DEFAULT_SERVICE_PASSWORD);
    expect(s.proxySignature).toBe('insecure');
    expect(s.outDir).toBe(join(ROOT, 'dist'));
    expect(s.siteDataFile).toBe(join(ROOT, 'tenants.generated.json'));
  });

  it('follows PORT and drops trailing slashes', () => {
    const s = readSettings({ PORT: '5000', BOOTH_PUBLIC_AI_HOST: 'https://ai.example.com/' });
    expect(s.authHost).toBe('http://127.0.0.1:5000');
    expect(s.publicAiHost).toBe('https://ai.example.com');
  });

  it('says which setting is wrong', () => {
    expect(() => readSettings({ BOOTH_CONTENT_HOST: 'not a url' })).toThrow(
      /^Invalid setting BOOTH_CONTENT_HOST="not a url": expected an http\(s\) URL/,
    );
    expect(() => readSettings({ BOOTH_AI_HOST: 'ftp://x' })).toThrow(/^Invalid setting BOOTH_AI_HOST="ftp:\/\/x"/);
    expect(() => readSettings({ BOOTH_FETCH_TIMEOUT_MS: '-1' })).toThrow(
      /^Invalid setting BOOTH_FETCH_TIMEOUT_MS="-1": expected a whole number$/,
    );
  });

  it('takes a blank setting as unset, as the server does', () => {
    expect(readSettings({ BOOTH_DATASET_ID: ' ' }).datasetId).toBe(DEFAULT_DATASET_ID);
  });

  it('blames PORT, not a host setting nobody set, for a PORT that is no port', () => {
    expect(() => readSettings({ PORT: 'abc' })).toThrow(/^Invalid setting PORT="abc": expected a whole number$/);
    expect(() => readSettings({ PORT: '0' })).toThrow(/^Invalid setting PORT="0": must be at least 1$/);
    const hosts = {
      BOOTH_AUTH_HOST: 'http://a.test',
      BOOTH_CONTENT_HOST: 'http://c.test',
      BOOTH_AI_HOST: 'http://ai.test',
    };
    expect(readSettings({ ...hosts, PORT: 'abc' }).authHost).toBe('http://a.test');
  });

  it('takes a proxy signature of one plain segment that no page or server path uses', () => {
    expect(readSettings({ BOOTH_PROXY_SIGNATURE: '/sig_1-A/' }).proxySignature).toBe('sig_1-A');
    expect(() => readSettings({ BOOTH_PROXY_SIGNATURE: '/' })).toThrow(
      /^Invalid setting BOOTH_PROXY_SIGNATURE="\/": expected one path segment/,
    );
    expect(() => readSettings({ BOOTH_PROXY_SIGNATURE: 'a/b' })).toThrow(
      /^Invalid setting BOOTH_PROXY_SIGNATURE="a\/b": expected one path segment/,
    );
    expect(() => readSettings({ BOOTH_PROXY_SIGNATURE: 'camera' })).toThrow(
      /^Invalid setting BOOTH_PROXY_SIGNATURE="camera": it would hide the site's \/camera/,
    );
  });

  it('refuses an out dir that holds the project', () => {
    expect(() => readSettings({ BOOTH_OUT_DIR: '.' })).toThrow(
      /^Invalid setting BOOTH_OUT_DIR=".": must be a folder of its own/,
    );
    expect(() => readSettings({ BOOTH_OUT_DIR: '/' })).toThrow(/BOOTH_OUT_DIR/);
    expect(() => readSettings({ BOOTH_OUT_DIR: '..' })).toThrow(/BOOTH_OUT_DIR/);
  });
});

describe('messages of a failed build', () => {
  it('never show a secret, wherever the host put it', async () => {
    const { redact } = await import('../../../scripts/pipeline/errors.ts');
    expect(redact('login refused for s3cret-pass (user x, pass s3cret-pass)', ['s3cret-pass', undefined])).toBe(
      'login refused for [redacted] (user x, pass [redacted])',
    );
  });
});
