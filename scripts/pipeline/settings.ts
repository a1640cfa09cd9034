// Build settings, all from the environment, read through the contract's schemas
// (contract/settings.ts), so the build and the server accept and refuse the same values.
// Every default points at the embedded server on http://127.0.0.1:${PORT||4321}, so a fresh
// clone builds with no setting at all. scripts/README.md lists them for people.
import { resolve, sep } from 'node:path';
import { DEFAULT_PORT } from '../../contract/index.ts';
import {
  SHARED_SETTINGS,
  SITE_FILE_SETTINGS,
  fromRoot,
  httpUrl,
  proxyKeyOf,
  readEnv,
  settingError,
  wholeNumber,
  type Env,
} from '../../contract/settings.ts';
import type { ProxyKey } from '../../contract/proxy-signature.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');

const MB = 1024 * 1024;

const BUILD_SETTINGS = {
  ...SHARED_SETTINGS,
  ...SITE_FILE_SETTINGS,
  BOOTH_AUTH_HOST: httpUrl.optional(),
  BOOTH_CONTENT_HOST: httpUrl.optional(),
  BOOTH_AI_HOST: httpUrl.optional(),
  BOOTH_PUBLIC_AI_HOST: httpUrl.optional(),
  BOOTH_IMAGE_PROXY_HOST: httpUrl.optional(),
  BOOTH_PUBLIC_SITE_URL: httpUrl.optional(),
  BOOTH_FETCH_TIMEOUT_MS: wholeNumber(1, 3_600_000).default(15_000),
  BOOTH_MAX_RESPONSE_BYTES: wholeNumber(1, 1024 * MB).default(20 * MB),
};

/** PORT only says where the embedded server is, so it is read when a host is left to default. */
const LOCAL_PORT = { PORT: wholeNumber(1, 65535).default(DEFAULT_PORT) };

export interface BuildSettings {
  authHost: string;
  contentHost: string;
  /** The AI host as the build calls it (styles). */
  aiHost: string;
  /** The AI host as browsers call it; '' = the origin that serves the site. */
  publicAiHost: string;
  /** The image proxy as browsers call it; '' = the origin that serves the site. */
  imageProxyHost: string;
  /** Where a phone opens the site (the QR hand-off); '' = the address the page was opened at. */
  publicSiteUrl: string;
  proxySignature: string;
  /** With it, the build signs the image URLs it bakes in (sign-images.ts). */
  proxyKey: ProxyKey | null;
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

/** Every setting is checked here, before the build calls any host. */
export function readSettings(env: Env = process.env): BuildSettings {
  const e = readEnv(BUILD_SETTINGS, env);
  const needsLocal = !e.BOOTH_AUTH_HOST || !e.BOOTH_CONTENT_HOST || !e.BOOTH_AI_HOST;
  const local = needsLocal ? `http://127.0.0.1:${readEnv(LOCAL_PORT, env).PORT}` : '';
  const outDir = fromRoot(ROOT, e.BOOTH_OUT_DIR);
  // The build replaces the out dir whole: it must not hold the project (or be the disk's root).
  if (outDir === ROOT || `${ROOT}${sep}`.startsWith(`${outDir.replace(/[\\/]+$/, '')}${sep}`)) {
    throw settingError(
      'BOOTH_OUT_DIR',
      env.BOOTH_OUT_DIR,
      `must be a folder of its own; ${outDir} holds the project, and the build replaces its out dir whole`,
    );
  }
  return {
    authHost: e.BOOTH_AUTH_HOST ?? local,
    contentHost: e.BOOTH_CONTENT_HOST ?? local,
    aiHost: e.BOOTH_AI_HOST ?? local,
    publicAiHost: e.BOOTH_PUBLIC_AI_HOST ?? '',
    imageProxyHost: e.BOOTH_IMAGE_PROXY_HOST ?? '',
    publicSiteUrl: (e.BOOTH_PUBLIC_SITE_URL ?? '').replace(/\/+$/, ''),
    proxySignature: e.BOOTH_PROXY_SIGNATURE,
    proxyKey: proxyKeyOf(e),
    bucketPrefix: e.BOOTH_BUCKET_PREFIX,
    appName: e.BOOTH_APP_NAME,
    datasetId: e.BOOTH_DATASET_ID,
    username: e.BOOTH_SERVICE_USERNAME,
    password: e.BOOTH_SERVICE_PASSWORD,
    outDir,
    siteDataFile: fromRoot(ROOT, e.BOOTH_SITE_DATA),
    fetchTimeoutMs: e.BOOTH_FETCH_TIMEOUT_MS,
    maxResponseBytes: e.BOOTH_MAX_RESPONSE_BYTES,
  };
}
