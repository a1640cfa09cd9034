// Every setting of the embedded server, read once from the environment and validated at start.
// A bad value stops the server with one line that names the variable (see server/README.md); the
// variables and their rules are in server-variables.ts.
import path from 'node:path';
import type { ProxyKey } from '../../contract/proxy-signature.ts';
import { proxyKeyOf, readEnv, settingError, type Env } from '../../contract/settings.ts';
import { scaleSettingsOf, type ScaleSettings } from '../scale/settings.ts';
import { mailSettingsOf, type MailSettings } from '../mail/settings.ts';
import { DEFAULT_MAX_PIXELS, SERVER_SETTINGS, type ProxySource } from './server-variables.ts';

export { SettingsError } from '../../contract/settings.ts';
export { REPO_ROOT } from './repo-root.ts';

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
  /** Failed logins allowed per address and per user name within the window. */
  loginAttempts: number;
  loginWindowSeconds: number;
  /** How long a console sign-in lasts. */
  consoleSessionHours: number;
  /** Largest logo or background, and processing video, uploaded through the console. */
  consoleImageBytes: number;
  consoleVideoBytes: number;
  /** Reverse proxies whose X-Forwarded-For names the client. */
  trustedProxies: ReadonlySet<string>;
  bucketPrefix: string;
  appName: string;
  proxySignature: string;
  /** The bucket's app folder first, then any extra sources. */
  proxySources: ProxySource[];
  proxyCacheBytes: number;
  engine: string;
  /** The local engine's tuning; an unset one keeps the engine's default. */
  engineOptions: EngineTuning;
  workers: number;
  queueLimit: number;
  /** Jobs of one client in flight, and new jobs per client per minute. */
  clientJobs: number;
  clientJobsPerMinute: number;
  /** Every visitor behind one address together (a venue): jobs in flight, new jobs a minute, visitor tokens minted a minute. */
  addressJobs: number;
  addressJobsPerMinute: number;
  visitorsPerMinute: number;
  /** Signs visitor tokens; without it, derived from the JWT secret (or, on an API node without that, shared through Redis). */
  visitorSecret?: string;
  /** A connection's request headers must arrive within this; connections open at once from one address. */
  headersSeconds: number;
  addressConnections: number;
  /** Create-job bodies read at once; photos decoded at once. */
  bodyReads: number;
  photoChecks: number;
  /** Image-proxy resizes at once. */
  proxyConcurrency: number;
  /** With it, the image proxy serves signed URLs only. */
  proxyKey: ProxyKey | null;
  maxBodyBytes: number;
  maxPixels: number;
  jobTimeoutMs: number;
  retentionSeconds: number;
  publicUrl?: string;
  /** null when BOOTH_HTTPS=off. */
  https: HttpsSettings | null;
  /** The styles the hub offers (JSON, server/engine/styles-file.ts); none: the six local styles. */
  stylesFile?: string;
  /** The generative providers; a provider without its credential or address is off. */
  providers: ProviderSettings;
  /** The job path on Redis and S3 (docs/deploy.md); null: the embedded default. */
  scale: ScaleSettings | null;
  /** Email delivery's SMTP server and outbox (server/mail/); null: no mail is sent or offered. */
  mail: MailSettings | null;
  /** Lines for the operator about settings that work but should change (a deprecated name). */
  notices: string[];
}

export interface ProviderSettings {
  /** Attempts after the first, for a provider's rate limits and outages. */
  retries: number;
  /** How long a provider that failed five calls in a row is skipped before one trial call. */
  cooldownSeconds: number;
  openai: { apiKey?: string; baseUrl: string; concurrency: number };
  comfyui: { url?: string; concurrency: number };
  replicate: { apiToken?: string; baseUrl: string; concurrency: number };
}

export interface EngineTuning {
  inferenceSize?: number;
  outputSize?: number;
  minPersonArea?: number;
  minPoseScore?: number;
  minFaceConfidence?: number;
}

/** Blank variables count as unset, so `BOOTH_PUBLIC_URL=` in a .env file means "no value". */
export function loadSettings(env: Env = process.env): Settings {
  const e = readEnv(SERVER_SETTINGS, env);
  const notices: string[] = [];
  if (Boolean(e.BOOTH_TLS_CERT) !== Boolean(e.BOOTH_TLS_KEY)) {
    const missing = e.BOOTH_TLS_CERT ? 'BOOTH_TLS_KEY' : 'BOOTH_TLS_CERT';
    throw settingError(
      missing,
      '',
      'BOOTH_TLS_CERT and BOOTH_TLS_KEY go together (PEM files of a certificate and its key)',
    );
  }
  if (e.ENGINE_MAX_INPUT_PIXELS !== undefined) {
    notices.push(
      e.BOOTH_MAX_PIXELS === undefined
        ? 'ENGINE_MAX_INPUT_PIXELS is deprecated: it is now BOOTH_MAX_PIXELS, one limit for uploads, the engine and the image proxy; rename it.'
        : 'ENGINE_MAX_INPUT_PIXELS is deprecated and ignored: BOOTH_MAX_PIXELS is set, and is the one pixel limit.',
    );
  }
  const maxPixels = e.BOOTH_MAX_PIXELS ?? e.ENGINE_MAX_INPUT_PIXELS ?? DEFAULT_MAX_PIXELS;
  // Next to PORT by default; with PORT=0 (any free port), any free port too.
  const httpsPort = e.BOOTH_HTTPS_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1);
  if (e.BOOTH_HTTPS === 'on' && httpsPort > 65535) {
    // Only the default can get here: BOOTH_HTTPS_PORT itself is checked to be at most 65535.
    throw settingError(
      'PORT',
      String(e.PORT),
      'it leaves no port for HTTPS (PORT+1 is over 65535); set BOOTH_HTTPS_PORT to a free port, or BOOTH_HTTPS=off',
    );
  }
  if (e.BOOTH_HTTPS === 'on' && httpsPort !== 0 && httpsPort === e.PORT) {
    throw settingError('BOOTH_HTTPS_PORT', env.BOOTH_HTTPS_PORT, 'HTTPS needs a port of its own (0-65535, not PORT)');
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
    loginAttempts: e.BOOTH_LOGIN_ATTEMPTS,
    loginWindowSeconds: e.BOOTH_LOGIN_WINDOW_SECONDS,
    consoleSessionHours: e.BOOTH_CONSOLE_SESSION_HOURS,
    consoleImageBytes: e.BOOTH_CONSOLE_IMAGE_BYTES,
    consoleVideoBytes: e.BOOTH_CONSOLE_VIDEO_BYTES,
    trustedProxies: new Set(e.BOOTH_TRUSTED_PROXIES),
    bucketPrefix: e.BOOTH_BUCKET_PREFIX,
    appName: e.BOOTH_APP_NAME,
    proxySignature: e.BOOTH_PROXY_SIGNATURE,
    proxySources: [
      { prefix: `${e.BOOTH_BUCKET_PREFIX}/${e.BOOTH_APP_NAME}/`, folder: tenantAssetsDir },
      ...e.BOOTH_PROXY_SOURCES,
    ],
    proxyCacheBytes: e.BOOTH_PROXY_CACHE_BYTES,
    engine: e.BOOTH_ENGINE,
    engineOptions: {
      inferenceSize: e.ENGINE_INFERENCE_SIZE,
      outputSize: e.ENGINE_OUTPUT_SIZE,
      minPersonArea: e.ENGINE_MIN_PERSON_AREA,
      minPoseScore: e.ENGINE_MIN_POSE_SCORE,
      minFaceConfidence: e.ENGINE_MIN_FACE_CONFIDENCE,
    },
    workers: e.BOOTH_WORKERS,
    queueLimit: e.BOOTH_QUEUE_LIMIT,
    clientJobs: e.BOOTH_CLIENT_JOBS,
    clientJobsPerMinute: e.BOOTH_CLIENT_JOBS_PER_MINUTE,
    addressJobs: e.BOOTH_ADDRESS_JOBS,
    addressJobsPerMinute: e.BOOTH_ADDRESS_JOBS_PER_MINUTE,
    visitorsPerMinute: e.BOOTH_VISITORS_PER_MINUTE,
    visitorSecret: e.BOOTH_VISITOR_SECRET,
    headersSeconds: e.BOOTH_HEADERS_SECONDS,
    addressConnections: e.BOOTH_ADDRESS_CONNECTIONS,
    bodyReads: e.BOOTH_BODY_READS,
    photoChecks: e.BOOTH_PHOTO_CHECKS,
    proxyConcurrency: e.BOOTH_PROXY_CONCURRENCY,
    proxyKey: proxyKeyOf(e),
    maxBodyBytes: e.BOOTH_MAX_BODY_BYTES,
    maxPixels,
    jobTimeoutMs: e.BOOTH_JOB_TIMEOUT_MS,
    retentionSeconds: e.BOOTH_RETENTION_SECONDS,
    publicUrl: e.BOOTH_PUBLIC_URL,
    stylesFile: e.BOOTH_STYLES_FILE,
    providers: {
      retries: e.BOOTH_PROVIDER_RETRIES,
      cooldownSeconds: e.BOOTH_PROVIDER_COOLDOWN_SECONDS,
      openai: {
        apiKey: e.BOOTH_OPENAI_API_KEY,
        baseUrl: e.BOOTH_OPENAI_BASE_URL,
        concurrency: e.BOOTH_OPENAI_CONCURRENCY,
      },
      comfyui: { url: e.BOOTH_COMFYUI_URL, concurrency: e.BOOTH_COMFYUI_CONCURRENCY },
      replicate: {
        apiToken: e.BOOTH_REPLICATE_API_TOKEN,
        baseUrl: e.BOOTH_REPLICATE_BASE_URL,
        concurrency: e.BOOTH_REPLICATE_CONCURRENCY,
      },
    },
    https: e.BOOTH_HTTPS === 'off' ? null : { port: httpsPort, certFile: e.BOOTH_TLS_CERT, keyFile: e.BOOTH_TLS_KEY },
    scale: scaleSettingsOf(e, env, e.BOOTH_WORKERS),
    mail: mailSettingsOf(e, env),
    notices,
  };
}
