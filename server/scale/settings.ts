// The scale-out settings: the job path on Redis (BullMQ) and S3-compatible storage. None of them
// set is the embedded default; BOOTH_REDIS_URL and BOOTH_S3_BUCKET turn the scale-out path on together.
import { z } from 'zod';
import { httpUrl, settingError, text, wholeNumber, type Env } from '../../contract/settings.ts';

const onOff = z.enum(['on', 'off'], { error: 'expected on or off' });

export const SCALE_SETTINGS = {
  BOOTH_REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'expected a redis:// or rediss:// URL such as redis://127.0.0.1:6379' })
    .optional(),
  BOOTH_S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'expected an S3 bucket name: 3 to 63 lowercase letters, digits, . or -',
    )
    .optional(),
  BOOTH_S3_ENDPOINT: httpUrl.optional(),
  BOOTH_S3_REGION: text.default('us-east-1'),
  BOOTH_S3_ACCESS_KEY_ID: text.optional(),
  BOOTH_S3_SECRET_ACCESS_KEY: text.optional(),
  BOOTH_S3_PATH_STYLE: onOff.default('off'),
  BOOTH_RESULTS_PUBLIC_URL: httpUrl.optional(),
  BOOTH_RESULTS_URL_SECONDS: wholeNumber(60, 7 * 24 * 3600).default(3600),
  BOOTH_SERVICE_TIMEOUT_MS: wholeNumber(100, 60_000).default(5000),
  BOOTH_STALLED_SECONDS: wholeNumber(1, 3600).default(30),
  BOOTH_WORKER_JOBS: wholeNumber(1, 1000).optional(),
  BOOTH_TENANT_FRAME_SECONDS: wholeNumber(0, 3600).default(10),
};

export interface ScaleSettings {
  redisUrl: string;
  s3: {
    bucket: string;
    /** None: AWS itself, by region. */
    endpoint?: string;
    region: string;
    /** None: the AWS SDK's own chain (environment, instance role…). */
    credentials?: { accessKeyId: string; secretAccessKey: string };
    pathStyle: boolean;
  };
  /** Results as {resultsPublicUrl}/results/{job}/{file} (a CDN in front of the bucket); none: signed URLs. */
  resultsPublicUrl?: string;
  /** How long a signed result URL works. */
  resultsUrlSeconds: number;
  /** A Redis or S3 call that takes longer fails (503 to the visitor). */
  serviceTimeoutMs: number;
  /** A job whose worker stopped renewing its lock this long ago runs again on another worker. */
  stalledSeconds: number;
  /** Jobs one worker process takes from the queue at once. */
  workerJobs: number;
  /** How long a node keeps a tenant's brand frame spec read from the store before it asks again. */
  tenantFrameSeconds: number;
}

type Parsed = z.output<z.ZodObject<typeof SCALE_SETTINGS>>;

/** null when the scale-out path is off (the embedded default). */
export function scaleSettingsOf(e: Parsed, env: Env, workers: number): ScaleSettings | null {
  if (!e.BOOTH_REDIS_URL && !e.BOOTH_S3_BUCKET) return null;
  if (!e.BOOTH_REDIS_URL || !e.BOOTH_S3_BUCKET) {
    const missing = e.BOOTH_REDIS_URL ? 'BOOTH_S3_BUCKET' : 'BOOTH_REDIS_URL';
    throw settingError(
      missing,
      '',
      'BOOTH_REDIS_URL and BOOTH_S3_BUCKET go together: the job queue on Redis, photos and results in S3 (docs/deploy.md)',
    );
  }
  if (Boolean(e.BOOTH_S3_ACCESS_KEY_ID) !== Boolean(e.BOOTH_S3_SECRET_ACCESS_KEY)) {
    const missing = e.BOOTH_S3_ACCESS_KEY_ID ? 'BOOTH_S3_SECRET_ACCESS_KEY' : 'BOOTH_S3_ACCESS_KEY_ID';
    throw settingError(
      missing,
      env[missing],
      "BOOTH_S3_ACCESS_KEY_ID and BOOTH_S3_SECRET_ACCESS_KEY go together (none: the AWS SDK's own credentials)",
    );
  }
  return {
    redisUrl: e.BOOTH_REDIS_URL,
    s3: {
      bucket: e.BOOTH_S3_BUCKET,
      endpoint: e.BOOTH_S3_ENDPOINT,
      region: e.BOOTH_S3_REGION,
      credentials:
        e.BOOTH_S3_ACCESS_KEY_ID && e.BOOTH_S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.BOOTH_S3_ACCESS_KEY_ID, secretAccessKey: e.BOOTH_S3_SECRET_ACCESS_KEY }
          : undefined,
      pathStyle: e.BOOTH_S3_PATH_STYLE === 'on',
    },
    resultsPublicUrl: e.BOOTH_RESULTS_PUBLIC_URL,
    resultsUrlSeconds: e.BOOTH_RESULTS_URL_SECONDS,
    serviceTimeoutMs: e.BOOTH_SERVICE_TIMEOUT_MS,
    stalledSeconds: e.BOOTH_STALLED_SECONDS,
    workerJobs: e.BOOTH_WORKER_JOBS ?? Math.max(workers, 1),
    tenantFrameSeconds: e.BOOTH_TENANT_FRAME_SECONDS,
  };
}
