// Build settings, all from the environment. Every default points at the embedded server on
// http://127.0.0.1:${PORT||4321}, so a fresh clone builds with no setting at all.
// scripts/README.md lists them for people; this file is the one place that reads them.
import { isAbsolute, join, resolve, sep } from 'node:path';
import {
  DEFAULT_APP_NAME,
  DEFAULT_BUCKET_PREFIX,
  DEFAULT_DATASET_ID,
  DEFAULT_PORT,
  DEFAULT_PROXY_SIGNATURE,
  DEFAULT_SERVICE_PASSWORD,
  DEFAULT_SERVICE_USERNAME,
  signatureClash,
} from '../../contract/index.ts';
import { BuildError } from './errors.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface BuildSettings {
  authHost: string;
  contentHost: string;
  /** The AI host as the build calls it (styles). */
  aiHost: string;
  /** The AI host as browsers call it; '' = the origin that serves the site. */
  publicAiHost: string;
  /** The image proxy as browsers call it; '' = the origin that serves the site. */
  imageProxyHost: string;
  proxySignature: string;
  bucketPrefix: string;
  appName: string;
  datasetId: string;
  username: string;
  password: string;
  /** Absolute path of the built site. */
  outDir: string;
  /** Absolute path of the SiteData file the pages read (tenants.generated.json). */
  siteDataFile: string;
  /** Each call to a host gives up after this long. */
  fetchTimeoutMs: number;
  /** A host answer larger than this is refused rather than read into memory. */
  maxResponseBytes: number;
}

type Env = Record<string, string | undefined>;

function hostSetting(env: Env, name: string, fallback: string, allowEmpty: boolean): string {
  const value = (env[name] ?? fallback).trim().replace(/\/+$/, '');
  if (value === '' && allowEmpty) return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BuildError(`${name} must be an http(s) URL such as http://127.0.0.1:${DEFAULT_PORT}; it is ${JSON.stringify(value)}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BuildError(`${name} must be an http(s) URL; it is ${JSON.stringify(value)}.`);
  }
  return value;
}

function numberSetting(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new BuildError(`${name} must be a whole number above 0; it is ${JSON.stringify(raw)}.`);
  return n;
}

function textSetting(env: Env, name: string, fallback: string): string {
  const value = env[name] ?? fallback;
  if (value.trim() === '') throw new BuildError(`${name} is set but empty; unset it to use the default ${JSON.stringify(fallback)}.`);
  return value;
}

const inRoot = (path: string) => (isAbsolute(path) ? path : join(ROOT, path));

/** The imgproxy signature path segment: one plain segment that no page or server path uses. */
function signatureSetting(env: Env): string {
  const value = textSetting(env, 'BOOTH_PROXY_SIGNATURE', DEFAULT_PROXY_SIGNATURE).trim().replace(/^\/+|\/+$/g, '');
  if (!/^[\w-]+$/.test(value)) {
    throw new BuildError(`BOOTH_PROXY_SIGNATURE must be one path segment of letters, digits, - or _ (such as ${DEFAULT_PROXY_SIGNATURE}); it is ${JSON.stringify(env.BOOTH_PROXY_SIGNATURE)}.`);
  }
  if (signatureClash(value)) {
    throw new BuildError(`BOOTH_PROXY_SIGNATURE ${JSON.stringify(value)} is a path of the site or the booth server; pick another segment.`);
  }
  return value;
}

/** PORT only says where the embedded server is when no host is set; it must be a port. */
function localHost(env: Env): string {
  const port = env.PORT?.trim() || String(DEFAULT_PORT);
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
    throw new BuildError(`PORT must be the embedded server's port (1-65535) when the BOOTH_*_HOST settings are not set; it is ${JSON.stringify(env.PORT)}.`);
  }
  return `http://127.0.0.1:${port}`;
}

export function readSettings(env: Env = process.env): BuildSettings {
  const needsLocal = !env.BOOTH_AUTH_HOST || !env.BOOTH_CONTENT_HOST || !env.BOOTH_AI_HOST;
  const local = needsLocal ? localHost(env) : '';
  const outDir = inRoot(env.BOOTH_OUT_DIR || 'dist');
  const settings: BuildSettings = {
    authHost: hostSetting(env, 'BOOTH_AUTH_HOST', local, false),
    contentHost: hostSetting(env, 'BOOTH_CONTENT_HOST', local, false),
    aiHost: hostSetting(env, 'BOOTH_AI_HOST', local, false),
    publicAiHost: hostSetting(env, 'BOOTH_PUBLIC_AI_HOST', '', true),
    imageProxyHost: hostSetting(env, 'BOOTH_IMAGE_PROXY_HOST', '', true),
    proxySignature: signatureSetting(env),
    bucketPrefix: textSetting(env, 'BOOTH_BUCKET_PREFIX', DEFAULT_BUCKET_PREFIX),
    appName: textSetting(env, 'BOOTH_APP_NAME', DEFAULT_APP_NAME),
    datasetId: textSetting(env, 'BOOTH_DATASET_ID', DEFAULT_DATASET_ID),
    username: textSetting(env, 'BOOTH_SERVICE_USERNAME', DEFAULT_SERVICE_USERNAME),
    password: textSetting(env, 'BOOTH_SERVICE_PASSWORD', DEFAULT_SERVICE_PASSWORD),
    outDir,
    siteDataFile: inRoot(env.BOOTH_SITE_DATA || 'tenants.generated.json'),
    fetchTimeoutMs: numberSetting(env, 'BOOTH_FETCH_TIMEOUT_MS', 15_000),
    maxResponseBytes: numberSetting(env, 'BOOTH_MAX_RESPONSE_BYTES', 20 * 1024 * 1024),
  };
  // The build replaces the out dir whole: it must not hold the project (or be the disk's root).
  if (outDir === ROOT || `${ROOT}${sep}`.startsWith(`${outDir.replace(/[\\/]+$/, '')}${sep}`)) {
    throw new BuildError(`BOOTH_OUT_DIR must be a folder of its own; it is ${outDir}, which the build would replace.`);
  }
  return settings;
}
