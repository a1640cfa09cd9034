import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../server/process/settings.ts';

const scale = { BOOTH_REDIS_URL: 'redis://:hunter2@10.0.0.5:6379/2', BOOTH_S3_BUCKET: 'booth-results' };

describe('the scale-out settings', () => {
  it('leave the embedded default on when none is set', () => {
    expect(loadSettings({}).scale).toBeNull();
  });

  it('turn the Redis and S3 job path on, with their defaults', () => {
    expect(loadSettings(scale).scale).toEqual({
      redisUrl: scale.BOOTH_REDIS_URL,
      s3: {
        bucket: 'booth-results',
        endpoint: undefined,
        region: 'us-east-1',
        credentials: undefined,
        pathStyle: false,
      },
      resultsPublicUrl: undefined,
      resultsUrlSeconds: 3600,
      serviceTimeoutMs: 5000,
      stalledSeconds: 30,
      workerJobs: loadSettings({}).workers,
      tenantFrameSeconds: 10,
    });
  });

  it('read an S3-compatible endpoint, its keys, path style and a public results URL', () => {
    const settings = loadSettings({
      ...scale,
      BOOTH_S3_ENDPOINT: 'http://minio.local:9000/',
      BOOTH_S3_ACCESS_KEY_ID: 'booth',
      BOOTH_S3_SECRET_ACCESS_KEY: 'secret-key',
      BOOTH_S3_PATH_STYLE: 'on',
      BOOTH_RESULTS_PUBLIC_URL: 'https://cdn.example.org/booth/',
      BOOTH_WORKER_JOBS: '16',
    }).scale!;
    expect(settings.s3).toEqual({
      bucket: 'booth-results',
      endpoint: 'http://minio.local:9000',
      region: 'us-east-1',
      pathStyle: true,
      credentials: { accessKeyId: 'booth', secretAccessKey: 'secret-key' },
    });
    expect(settings.resultsPublicUrl).toBe('https://cdn.example.org/booth');
    expect(settings.workerJobs).toBe(16);
  });

  it.each([
    [{ BOOTH_REDIS_URL: scale.BOOTH_REDIS_URL }, /BOOTH_S3_BUCKET.*BOOTH_REDIS_URL and BOOTH_S3_BUCKET go together/],
    [{ BOOTH_S3_BUCKET: 'booth-results' }, /BOOTH_REDIS_URL.*go together/],
    [{ ...scale, BOOTH_S3_ACCESS_KEY_ID: 'booth' }, /BOOTH_S3_SECRET_ACCESS_KEY.*go together/],
    [{ ...scale, BOOTH_S3_BUCKET: 'Booth_Results' }, /BOOTH_S3_BUCKET="Booth_Results": expected an S3 bucket name/],
    [{ ...scale, BOOTH_S3_PATH_STYLE: 'yes' }, /BOOTH_S3_PATH_STYLE="yes": expected on or off/],
    [{ ...scale, BOOTH_STALLED_SECONDS: '0' }, /BOOTH_STALLED_SECONDS="0": must be at least 1/],
    [{ ...scale, BOOTH_RESULTS_URL_SECONDS: '10' }, /BOOTH_RESULTS_URL_SECONDS="10": must be at least 60/],
    [{ ...scale, BOOTH_TENANT_FRAME_SECONDS: '7200' }, /BOOTH_TENANT_FRAME_SECONDS="7200": must be at most 3600/],
  ])('refuse %j with one line naming the setting', (env, line) => {
    expect(() => loadSettings(env)).toThrow(line);
  });

  it('never show the Redis URL (it may hold a password) in an error line', () => {
    expect(() => loadSettings({ BOOTH_REDIS_URL: 'http://:hunter2@redis:6379' })).toThrow(
      /Invalid setting BOOTH_REDIS_URL \(value not shown\): expected a redis:\/\//,
    );
    expect(() => loadSettings({ BOOTH_REDIS_URL: 'http://:hunter2@redis:6379' })).not.toThrow(/hunter2/);
  });
});
