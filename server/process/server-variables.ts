// The embedded server's environment variables, each with its rule and default; the shared ones
// (contract/settings.ts), the scale-out path's and the mail's are spread in. Read by loadSettings.
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PORT } from '../../contract/index.ts';
import { DEFAULT_UPLOAD_IMAGE_BYTES, DEFAULT_UPLOAD_VIDEO_BYTES } from '../../contract/upload-limits.ts';
import { SCALE_SETTINGS } from '../scale/settings.ts';
import { MAIL_SETTINGS } from '../mail/settings.ts';
import { SHARED_SETTINGS, httpUrl, text, wholeNumber } from '../../contract/settings.ts';
import { REPO_ROOT } from './repo-root.ts';

export interface ProxySource {
  prefix: string;
  folder: string;
}

const MB = 1024 * 1024;

const int = wholeNumber;
const folder = text.transform((p) => path.resolve(REPO_ROOT, p));
const fraction = z
  .string()
  .trim()
  .regex(/^(0|1)?(\.\d+)?$/, 'expected a number between 0 and 1')
  .transform(Number)
  .pipe(z.number().gt(0, 'must be above 0').max(1, 'must be at most 1'));
export const DEFAULT_MAX_PIXELS = 40_000_000;
/** "10.0.0.2,::1": IP addresses, comma-separated. */
const addressList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine((a) => isIP(a) !== 0, 'expected IP addresses separated by commas, such as 127.0.0.1,10.0.0.2'),
    ),
  );

/** "prefix=folder;prefix=folder": extra image-proxy sources, each mapped to a local folder. */
const proxySources = z.string().transform((value, ctx) => {
  const sources: ProxySource[] = [];
  for (const entry of value
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    if (at <= 0 || at === entry.length - 1) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not of the form prefix=folder` });
      return z.NEVER;
    }
    sources.push({ prefix: withSlash(entry.slice(0, at)), folder: path.resolve(REPO_ROOT, entry.slice(at + 1)) });
  }
  return sources;
});

export const SERVER_SETTINGS = {
  ...SHARED_SETTINGS,
  PORT: int(0, 65535).default(DEFAULT_PORT),
  BOOTH_HOST: text.default('0.0.0.0'),
  BOOTH_DATA_DIR: folder.default('.booth-data'),
  BOOTH_SITE_DIR: folder.default('dist'),
  BOOTH_TENANT_ASSETS_DIR: folder.optional(),
  BOOTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BOOTH_JWT_TTL_SECONDS: int(60, 30 * 24 * 3600).default(3600),
  BOOTH_LOGIN_ATTEMPTS: int(1, 10_000).default(10),
  BOOTH_TRUSTED_PROXIES: addressList.default([]),
  BOOTH_LOGIN_WINDOW_SECONDS: int(1, 24 * 3600).default(60),
  BOOTH_CONSOLE_SESSION_HOURS: int(1, 24 * 30).default(12),
  BOOTH_CONSOLE_IMAGE_BYTES: int(1024, 100 * MB).default(DEFAULT_UPLOAD_IMAGE_BYTES),
  BOOTH_CONSOLE_VIDEO_BYTES: int(1024, 256 * MB).default(DEFAULT_UPLOAD_VIDEO_BYTES),
  BOOTH_PROXY_SOURCES: proxySources.default([]),
  BOOTH_PROXY_CACHE_BYTES: int(0, 4096 * MB).default(64 * MB),
  BOOTH_ENGINE: text.default('local'),
  BOOTH_WORKERS: int(1, 64).default(Math.max(1, os.availableParallelism())),
  BOOTH_QUEUE_LIMIT: int(1, 100_000).default(200),
  BOOTH_CLIENT_JOBS: int(1, 100_000).default(4),
  BOOTH_CLIENT_JOBS_PER_MINUTE: int(1, 1_000_000).default(30),
  BOOTH_ADDRESS_JOBS: int(1, 100_000).default(60),
  BOOTH_ADDRESS_JOBS_PER_MINUTE: int(1, 1_000_000).default(300),
  BOOTH_VISITORS_PER_MINUTE: int(1, 1_000_000).default(120),
  BOOTH_VISITOR_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BOOTH_HEADERS_SECONDS: int(1, 300).default(10),
  BOOTH_ADDRESS_CONNECTIONS: int(1, 1_000_000).default(512),
  BOOTH_BODY_READS: int(1, 1000).default(2),
  BOOTH_PHOTO_CHECKS: int(1, 64).default(2),
  BOOTH_PROXY_CONCURRENCY: int(1, 64).default(Math.max(1, Math.floor(os.availableParallelism() / 2))),
  // A body is read as one JavaScript string, and those stop at about 512 MB; a photo needs far less.
  BOOTH_MAX_BODY_BYTES: int(1024, 256 * MB).default(20 * MB),
  // One pixel limit for every decode: the upload check, the engine and the image proxy.
  BOOTH_MAX_PIXELS: int(1, 1_000_000_000).optional(),
  // The same limit under its old name: still read, with a line saying so.
  ENGINE_MAX_INPUT_PIXELS: int(1, 1_000_000_000).optional(),
  ENGINE_INFERENCE_SIZE: int(256, 8192).optional(),
  ENGINE_OUTPUT_SIZE: int(256, 8192).optional(),
  ENGINE_MIN_PERSON_AREA: fraction.optional(),
  ENGINE_MIN_POSE_SCORE: fraction.optional(),
  ENGINE_MIN_FACE_CONFIDENCE: fraction.optional(),
  BOOTH_JOB_TIMEOUT_MS: int(1000, 3_600_000).default(120_000),
  BOOTH_RETENTION_SECONDS: int(1, 365 * 24 * 3600).default(86_400),
  BOOTH_HTTPS: z.enum(['on', 'off'], { error: 'expected on or off' }).default('on'),
  BOOTH_HTTPS_PORT: int(0, 65535).optional(),
  BOOTH_TLS_CERT: folder.optional(),
  BOOTH_TLS_KEY: folder.optional(),
  BOOTH_PUBLIC_URL: httpUrl.optional(),
  BOOTH_STYLES_FILE: folder.optional(),
  BOOTH_PROVIDER_RETRIES: int(0, 10).default(3),
  BOOTH_PROVIDER_COOLDOWN_SECONDS: int(1, 86_400).default(60),
  BOOTH_OPENAI_API_KEY: text.optional(),
  BOOTH_OPENAI_BASE_URL: httpUrl.default('https://api.openai.com/v1'),
  BOOTH_OPENAI_CONCURRENCY: int(1, 1000).default(16),
  BOOTH_COMFYUI_URL: httpUrl.optional(),
  BOOTH_COMFYUI_CONCURRENCY: int(1, 1000).default(4),
  BOOTH_REPLICATE_API_TOKEN: text.optional(),
  BOOTH_REPLICATE_BASE_URL: httpUrl.default('https://api.replicate.com/v1'),
  BOOTH_REPLICATE_CONCURRENCY: int(1, 1000).default(16),
  ...SCALE_SETTINGS,
  ...MAIL_SETTINGS,
};

function withSlash(prefix: string) {
  return prefix.endsWith('/') ? prefix : `${prefix}/`;
}
