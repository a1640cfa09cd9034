import { describe, expect, it } from 'vitest';
import { S3Store } from '../../../server/scale/s3-store.ts';
import type { ScaleSettings } from '../../../server/scale/settings.ts';

const settings: ScaleSettings = {
  redisUrl: 'redis://127.0.0.1:6379',
  s3: {
    bucket: 'booth-results',
    endpoint: 'http://127.0.0.1:9000',
    region: 'eu-west-1',
    pathStyle: true,
    credentials: { accessKeyId: 'booth', secretAccessKey: 'secret-key' },
  },
  resultsUrlSeconds: 900,
  serviceTimeoutMs: 5000,
  stalledSeconds: 30,
  workerJobs: 1,
  tenantFrameSeconds: 10,
};

describe('result URLs from the store', () => {
  it('are signed GET URLs of the result, valid for BOOTH_RESULTS_URL_SECONDS', async () => {
    const url = new URL(await new S3Store(settings).resultUrl('job1', '1.png'));
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:9000/booth-results/results/job1/1.png');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^booth\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are under BOOTH_RESULTS_PUBLIC_URL when a CDN stands in front of the bucket', async () => {
    const store = new S3Store({ ...settings, resultsPublicUrl: 'https://cdn.example.org/booth' });
    expect(await store.resultUrl('a b', '1.preview.webp')).toBe(
      'https://cdn.example.org/booth/results/a%20b/1.preview.webp',
    );
  });
});
