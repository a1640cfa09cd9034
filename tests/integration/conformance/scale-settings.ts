// The Redis + S3 store's settings for a conformance suite: the test's own redis-server and s3rver.
import type { ScaleSettings } from '../../../server/scale/settings.ts';
import type { RedisServer } from '../../support/redis.ts';
import type { S3Server } from '../../support/s3.ts';

export const conformanceScaleSettings = (redis: RedisServer, s3: S3Server): ScaleSettings => ({
  redisUrl: redis.url,
  s3: {
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    pathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  },
  resultsUrlSeconds: 900,
  serviceTimeoutMs: 5000,
  stalledSeconds: 30,
  workerJobs: 1,
  tenantFrameSeconds: 10,
});
