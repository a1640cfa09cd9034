// Every setting of the embedded server, read once from the environment and validated at start.
// A bad value stops the server with one line that names the variable (see server/README.md).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_APP_NAME, DEFAULT_BUCKET_PREFIX, DEFAULT_DATASET_ID, DEFAULT_PORT, DEFAULT_PROXY_SIGNATURE,
  DEFAULT_SERVICE_PASSWORD, DEFAULT_SERVICE_USERNAME, signatureClash,
} from '../contract/index.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;

const int = (min: number, max: number) =>
  z.string().trim().regex(/^\d+$/, 'expected a whole number').transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
const folder = z.string().trim().min(1, 'must not be empty').transform((p) => path.resolve(REPO_ROOT, p));
const text = z.string().trim().min(1, 'must not be empty');

/** "prefix=folder;prefix=folder": extra image-proxy sources, each mapped to a local folder. */
const proxySources = z.string().transform((value, ctx) => {
  const sources: ProxySource[] = [];
  for (const entry of value.split(';').map((s) => s.trim()).filter(Boolean)) {
    const at = entry.indexOf('=');
    if (at <= 0 || at === entry.length - 1) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not of the form prefix=folder` });
      return z.NEVER;
    }
    sources.push({ prefix: withSlash(entry.slice(0, at)), folder: path.resolve(REPO_ROOT, entry.slice(at + 1)) });
  }
  return sources;
});

const EnvSchema = z.object({
  PORT: int(0, 65535).default(DEFAULT_PORT),
  BOOTH_HOST: text.default('0.0.0.0'),
  BOOTH_DATA_DIR: folder.default('.booth-data'),
  BOOTH_SITE_DIR: folder.default('dist'),
  BOOTH_TENANT_ASSETS_DIR: folder.optional(),
  BOOTH_SERVICE_USERNAME: text.default(DEFAULT_SERVICE_USERNAME),
  BOOTH_SERVICE_PASSWORD: text.default(DEFAULT_SERVICE_PASSWORD),
  BOOTH_DATASET_ID: z.string().trim().regex(/^[\w-]+$/, 'use letters, digits, - or _').default(DEFAULT_DATASET_ID),
  BOOTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BOOTH_JWT_TTL_SECONDS: int(60, 30 * 24 * 3600).default(3600),
  BOOTH_BUCKET_PREFIX: z.string().trim().regex(/^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/i, 'expected e.g. s3://booth-assets').default(DEFAULT_BUCKET_PREFIX),
  BOOTH_APP_NAME: z.string().trim().regex(/^[\w.-]+$/, 'use letters, digits, ., - or _').default(DEFAULT_APP_NAME),
  BOOTH_PROXY_SIGNATURE: z.string().trim().regex(/^[\w-]+$/, 'use letters, digits, - or _').default(DEFAULT_PROXY_SIGNATURE),
  BOOTH_PROXY_SOURCES: proxySources.default([]),
  BOOTH_PROXY_CACHE_BYTES: int(0, 4096 * MB).default(64 * MB),
  BOOTH_ENGINE: text.default('local'),
  BOOTH_WORKERS: int(1, 64).default(Math.max(1, os.availableParallelism())),
  BOOTH_QUEUE_LIMIT: int(1, 100_000).default(200),
  // A body is read as one JavaScript string, and those stop at about 512 MB; a photo needs far less.
  BOOTH_MAX_BODY_BYTES: int(1024, 256 * MB).default(20 * MB),
  BOOTH_MAX_PIXELS: int(1, 1_000_000_000).default(40_000_000),
  BOOTH_JOB_TIMEOUT_MS: int(1000, 3_600_000).default(120_000),
  BOOTH_RETENTION_SECONDS: int(1, 365 * 24 * 3600).default(86_400),
  BOOTH_HTTPS: z.enum(['on', 'off'], { error: 'expected on or off' }).default('on'),
  BOOTH_HTTPS_PORT: int(0, 65535).optional(),
  BOOTH_TLS_CERT: folder.optional(),
  BOOTH_TLS_KEY: folder.optional(),
  BOOTH_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).transform((u) => u.replace(/\/+$/, '')).optional(),
});

/** Settings whose value an error line never shows. */
const SECRET_SETTINGS = new Set(['BOOTH_JWT_SECRET', 'BOOTH_SERVICE_PASSWORD']);

export interface ProxySource { prefix: string; folder: string }

/** The second listener, for phones: browsers give the camera only to secure pages. */
export interface HttpsSettings {
  port: number;
  /** The operator's PEM files; without them a self-signed certificate is made and kept in the data folder. */
  certFile?: string;
  keyFile?: string;
}

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  siteDir: string;
  tenantAssetsDir: string;
  serviceUsername: string;
  servicePassword: string;
  datasetId: string;
  jwtSecret?: string;
  jwtTtlSeconds: number;
  bucketPrefix: string;
  appName: string;
  proxySignature: string;
  /** The bucket's app folder first, then any extra sources. */
  proxySources: ProxySource[];
  proxyCacheBytes: number;
  engine: string;
  workers: number;
  queueLimit: number;
  maxBodyBytes: number;
  maxPixels: number;
  jobTimeoutMs: number;
  retentionSeconds: number;
  publicUrl?: string;
  /** null when BOOTH_HTTPS=off. */
  https: HttpsSettings | null;
}

export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** What a proxy signature would hide: the image proxy is mounted at /{signature} before the site. */
function hiddenBySignature(signature: string): string | null {
  const clash = signatureClash(signature);
  return clash === 'server' ? `the server's own /${signature}` : clash === 'site' ? `the site's /${signature}` : null;
}

function withSlash(prefix: string) {
  return prefix.endsWith('/') ? prefix : `${prefix}/`;
}

/** Blank variables count as unset, so `BOOTH_PUBLIC_URL=` in a .env file means "no value". */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const given = Object.fromEntries(Object.entries(env).filter(([k, v]) => (k === 'PORT' || k.startsWith('BOOTH_')) && v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // Server output ends up in tickets and chats; a secret's value must not travel with it.
    const shown = SECRET_SETTINGS.has(name) ? ' (value not shown)' : `=${JSON.stringify(given[name] ?? '')}`;
    throw new SettingsError(`Invalid setting ${name}${shown}: ${issue.message}`);
  }
  const e = parsed.data;
  if (Boolean(e.BOOTH_TLS_CERT) !== Boolean(e.BOOTH_TLS_KEY)) {
    const missing = e.BOOTH_TLS_CERT ? 'BOOTH_TLS_KEY' : 'BOOTH_TLS_CERT';
    throw new SettingsError(`Invalid setting ${missing}="": BOOTH_TLS_CERT and BOOTH_TLS_KEY go together (PEM files of a certificate and its key)`);
  }
  const hidden = hiddenBySignature(e.BOOTH_PROXY_SIGNATURE);
  if (hidden) {
    throw new SettingsError(`Invalid setting BOOTH_PROXY_SIGNATURE=${JSON.stringify(e.BOOTH_PROXY_SIGNATURE)}: it would hide ${hidden}; pick another segment (the default is ${DEFAULT_PROXY_SIGNATURE})`);
  }
  // Next to PORT by default; with PORT=0 (any free port), any free port too.
  const httpsPort = e.BOOTH_HTTPS_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1);
  if (e.BOOTH_HTTPS === 'on' && httpsPort > 65535) {
    // Only the default can get here: BOOTH_HTTPS_PORT itself is checked to be at most 65535.
    throw new SettingsError(`Invalid setting PORT=${e.PORT}: it leaves no port for HTTPS (PORT+1 is over 65535); set BOOTH_HTTPS_PORT to a free port, or BOOTH_HTTPS=off`);
  }
  if (e.BOOTH_HTTPS === 'on' && httpsPort !== 0 && httpsPort === e.PORT) {
    throw new SettingsError(`Invalid setting BOOTH_HTTPS_PORT=${JSON.stringify(given.BOOTH_HTTPS_PORT ?? '')}: HTTPS needs a port of its own (0-65535, not PORT)`);
  }
  const tenantAssetsDir = e.BOOTH_TENANT_ASSETS_DIR ?? path.join(e.BOOTH_DATA_DIR, 'tenant-assets');
  return {
    port: e.PORT,
    host: e.BOOTH_HOST,
    dataDir: e.BOOTH_DATA_DIR,
    siteDir: e.BOOTH_SITE_DIR,
    tenantAssetsDir,
    serviceUsername: e.BOOTH_SERVICE_USERNAME,
    servicePassword: e.BOOTH_SERVICE_PASSWORD,
    datasetId: e.BOOTH_DATASET_ID,
    jwtSecret: e.BOOTH_JWT_SECRET,
    jwtTtlSeconds: e.BOOTH_JWT_TTL_SECONDS,
    bucketPrefix: e.BOOTH_BUCKET_PREFIX,
    appName: e.BOOTH_APP_NAME,
    proxySignature: e.BOOTH_PROXY_SIGNATURE,
    proxySources: [{ prefix: `${e.BOOTH_BUCKET_PREFIX}/${e.BOOTH_APP_NAME}/`, folder: tenantAssetsDir }, ...e.BOOTH_PROXY_SOURCES],
    proxyCacheBytes: e.BOOTH_PROXY_CACHE_BYTES,
    engine: e.BOOTH_ENGINE,
    workers: e.BOOTH_WORKERS,
    queueLimit: e.BOOTH_QUEUE_LIMIT,
    maxBodyBytes: e.BOOTH_MAX_BODY_BYTES,
    maxPixels: e.BOOTH_MAX_PIXELS,
    jobTimeoutMs: e.BOOTH_JOB_TIMEOUT_MS,
    retentionSeconds: e.BOOTH_RETENTION_SECONDS,
    publicUrl: e.BOOTH_PUBLIC_URL,
    https: e.BOOTH_HTTPS === 'off' ? null : { port: httpsPort, certFile: e.BOOTH_TLS_CERT, keyFile: e.BOOTH_TLS_KEY },
  };
}
