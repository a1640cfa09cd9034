// The booth's signed result URLs checked by a SigV4 query-string verifier written here from AWS's
// description of the algorithm (canonical request, string to sign, the HMAC chain): s3rver does
// not check V4 signatures, so the store in the other tests would take a wrong one. The verifier is
// first shown to accept the SDK's own getSignedUrl and to refuse a tampered URL.
import crypto from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultSigner } from '../../../server/scale/result-signer.ts';

const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: SECRET };

const escapeRfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: crypto.BinaryLike, text: string) => crypto.createHmac('sha256', key).update(text).digest();

/** Whether `url` carries a valid SigV4 query signature for `secret`, and the scope it signs. */
function verify(url: string, secret: string) {
  const parsed = new URL(url);
  // The query as sent, decoded once as S3 decodes it (a bare + is a space): what it canonicalises.
  const params = parsed.search
    .slice(1)
    .split('&')
    .map((pair) => pair.split('=').map((part) => decodeURIComponent(part.replace(/\+/g, ' '))) as [string, string]);
  const given = params.find(([name]) => name === 'X-Amz-Signature')?.[1];
  const get = (name: string) => params.find(([key]) => key === name)?.[1] ?? '';
  const signedHeaders = get('X-Amz-SignedHeaders').split(';');
  const canonicalQuery = params
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [escapeRfc3986(name), escapeRfc3986(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers: Record<string, string> = { host: parsed.host };
  const canonicalRequest = [
    'GET',
    parsed.pathname,
    canonicalQuery,
    signedHeaders.map((name) => `${name}:${headers[name]}\n`).join(''),
    signedHeaders.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date, region, service] = get('X-Amz-Credential').split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    get('X-Amz-Date'),
    scope,
    crypto.createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), 'aws4_request');
  return { valid: hmac(key, stringToSign).toString('hex') === given, region, service, expires: get('X-Amz-Expires') };
}

type Credentials =
  | { accessKeyId: string; secretAccessKey: string; sessionToken?: string }
  | (() => Promise<typeof credentials>);

const clientFor = (
  endpoint: string | undefined,
  pathStyle: boolean,
  region = 'eu-west-1',
  creds: Credentials = credentials,
) => new S3Client({ region, ...(endpoint ? { endpoint } : {}), forcePathStyle: pathStyle, credentials: creds });

describe('signed result URLs', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("the verifier accepts the SDK's own URL and refuses one changed in its key, its expiry or its secret", async () => {
    const url = await getSignedUrl(
      clientFor('http://127.0.0.1:9000', true),
      new GetObjectCommand({ Bucket: 'booth-results', Key: 'results/job1/1.png' }),
      { expiresIn: 900 },
    );
    expect(verify(url, SECRET).valid).toBe(true);
    expect(verify(url.replace('job1', 'job2'), SECRET).valid).toBe(false);
    expect(verify(url.replace('X-Amz-Expires=900', 'X-Amz-Expires=90000'), SECRET).valid).toBe(false);
    expect(verify(url, `${SECRET}x`).valid).toBe(false);
  });

  for (const [name, endpoint, pathStyle, origin] of [
    ['a path-style store (s3rver, MinIO)', 'http://127.0.0.1:9000', true, 'http://127.0.0.1:9000/booth-results/'],
    [
      'a virtual-hosted custom endpoint',
      'https://objects.example.org',
      false,
      'https://booth-results.objects.example.org/',
    ],
    ['AWS itself, no endpoint set', undefined, false, 'https://booth-results.s3.eu-west-1.amazonaws.com/'],
  ] as const) {
    it(`are valid for ${name}, at the address the SDK gives, for as long as set`, async () => {
      const client = clientFor(endpoint, pathStyle);
      const key = 'results/Ab-9_x/1.preview.webp';
      const ours = new URL(await new ResultSigner(client, 'booth-results', 900).url(key));
      const sdk = new URL(
        await getSignedUrl(client, new GetObjectCommand({ Bucket: 'booth-results', Key: key }), { expiresIn: 900 }),
      );
      expect(`${ours.origin}${ours.pathname}`).toBe(`${sdk.origin}${sdk.pathname}`);
      expect(`${ours.origin}${ours.pathname}`).toBe(`${origin}${key}`);
      expect(verify(ours.href, SECRET)).toEqual({ valid: true, region: 'eu-west-1', service: 's3', expires: '900' });
    });
  }

  it('escape a key as S3 does, and sign it as escaped', async () => {
    const client = clientFor('http://127.0.0.1:9000', true);
    const key = "results/a b+c/it's (1)*ü.png";
    const ours = await new ResultSigner(client, 'booth-results', 60).url(key);
    const sdk = new URL(
      await getSignedUrl(client, new GetObjectCommand({ Bucket: 'booth-results', Key: key }), { expiresIn: 60 }),
    );
    expect(new URL(ours).pathname).toBe(sdk.pathname);
    expect(verify(ours, SECRET).valid).toBe(true);
  });

  it('carry a session token of temporary credentials, signed with the rest', async () => {
    const client = clientFor('http://127.0.0.1:9000', true, 'us-east-1', {
      ...credentials,
      sessionToken: 'token/with+and=',
    });
    const url = new URL(await new ResultSigner(client, 'booth-results', 60).url('results/j/1.png'));
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('token/with+and=');
    expect(verify(url.href, SECRET).valid).toBe(true);
  });

  it('ask for the credentials again after they could not be had', async () => {
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new Error('no credentials yet');
      return credentials;
    };
    const signer = new ResultSigner(clientFor('http://127.0.0.1:9000', true, 'eu-west-1', flaky), 'booth-results', 60);
    await expect(signer.url('results/j/1.png')).rejects.toThrow('no credentials yet');
    expect(verify(await signer.url('results/j/1.png'), SECRET).valid).toBe(true);
  });
});
