// Settings shared by the build (scripts/pipeline/settings.ts), the embedded server
// (server/process/settings.ts) and the tools around them (start, bundle): one zod schema per setting,
// one reader, one error line. Node only, so it is imported by path (not from contract/index.ts)
// and uses zod's full API.
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_APP_NAME,
  DEFAULT_BUCKET_PREFIX,
  DEFAULT_DATASET_ID,
  DEFAULT_PROXY_SIGNATURE,
  DEFAULT_SERVICE_PASSWORD,
  DEFAULT_SERVICE_USERNAME,
} from './embedded-defaults.ts';
import type { ProxyKey } from './proxy-signature.ts';
import { quoted } from './quoted.ts';
import { signatureClash } from './site-data.ts';

export type Env = Record<string, string | undefined>;

export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** Settings whose value an error line never shows: output ends up in tickets and chats. */
const SECRET_SETTINGS = new Set([
  'BOOTH_JWT_SECRET',
  'BOOTH_VISITOR_SECRET',
  'BOOTH_SERVICE_PASSWORD',
  'BOOTH_PROXY_KEY',
  'BOOTH_PROXY_SALT',
  'BOOTH_OPENAI_API_KEY',
  'BOOTH_REPLICATE_API_TOKEN',
  // A Redis URL may carry its password.
  'BOOTH_REDIS_URL',
  'BOOTH_S3_SECRET_ACCESS_KEY',
  'BOOTH_SMTP_PASSWORD',
]);

/** The one error line: the setting, its value (never a secret's) and what is allowed. */
export function settingError(name: string, value: string | undefined, allowed: string): SettingsError {
  const shown = SECRET_SETTINGS.has(name) ? ' (value not shown)' : `=${quoted(value ?? '', 80)}`;
  return new SettingsError(`Invalid setting ${name}${shown}: ${allowed}`);
}

// Building blocks, each refusing with the sentence the error line ends with.
export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
export const text = z.string().trim().min(1, 'must not be empty');
/** An http(s) base URL, written without its trailing slashes. */
export const httpUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as http://127.0.0.1:4321' })
  .transform((url) => url.replace(/\/+$/, ''));

/** A key or salt as imgproxy takes it: hex, read as its bytes. */
const hex = z
  .string()
  .trim()
  .regex(/^(?:[0-9a-f]{2})+$/i, 'expected hex digits, an even number of them (e.g. from: openssl rand -hex 32)')
  .transform((value) => Buffer.from(value, 'hex'));

/** imgproxy's signature path segment; surrounding slashes are forgiven (`/insecure/`). */
const proxySignature = z
  .string()
  .trim()
  .transform((s) => s.replace(/^\/+|\/+$/g, ''))
  .pipe(
    z
      .string()
      .regex(/^[\w-]+$/, `expected one path segment of letters, digits, - or _ (such as ${DEFAULT_PROXY_SIGNATURE})`),
  )
  .superRefine((signature, ctx) => {
    // The proxy is mounted at /{signature} before the site, so it would hide that path.
    const clash = signatureClash(signature);
    if (!clash) return;
    const hidden = clash === 'server' ? `the server's own /${signature}` : `the site's /${signature}`;
    ctx.addIssue({
      code: 'custom',
      message: `it would hide ${hidden}; pick another segment (the default is ${DEFAULT_PROXY_SIGNATURE})`,
    });
  });

/** What the build and the server both read: they accept and refuse the same values. */
export const SHARED_SETTINGS = {
  BOOTH_SERVICE_USERNAME: text.default(DEFAULT_SERVICE_USERNAME),
  BOOTH_SERVICE_PASSWORD: text.default(DEFAULT_SERVICE_PASSWORD),
  // A path segment of the content host's URL.
  BOOTH_DATASET_ID: z
    .string()
    .trim()
    .regex(/^[\w-]+$/, 'use letters, digits, - or _')
    .default(DEFAULT_DATASET_ID),
  // The image proxy's plain source is {prefix}/{app name}/{image}: a scheme and a bucket, then one folder.
  BOOTH_BUCKET_PREFIX: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/i, 'expected a scheme and a bucket, such as s3://booth-assets')
    .default(DEFAULT_BUCKET_PREFIX),
  BOOTH_APP_NAME: z
    .string()
    .trim()
    .regex(/^[\w.-]+$/, 'use letters, digits, ., - or _ (one folder of the bucket)')
    .default(DEFAULT_APP_NAME),
  BOOTH_PROXY_SIGNATURE: proxySignature.default(DEFAULT_PROXY_SIGNATURE),
  // imgproxy's IMGPROXY_KEY and IMGPROXY_SALT: with them the build signs its image URLs and the
  // embedded proxy serves signed URLs only.
  BOOTH_PROXY_KEY: hex.optional(),
  BOOTH_PROXY_SALT: hex.optional(),
};

/** The proxy's key and salt, or null when URLs are unsigned; one without the other is refused. */
export function proxyKeyOf(e: { BOOTH_PROXY_KEY?: Buffer; BOOTH_PROXY_SALT?: Buffer }): ProxyKey | null {
  if (!e.BOOTH_PROXY_KEY && !e.BOOTH_PROXY_SALT) return null;
  if (!e.BOOTH_PROXY_KEY || !e.BOOTH_PROXY_SALT) {
    const missing = e.BOOTH_PROXY_KEY ? 'BOOTH_PROXY_SALT' : 'BOOTH_PROXY_KEY';
    throw settingError(
      missing,
      '',
      "BOOTH_PROXY_KEY and BOOTH_PROXY_SALT go together (hex, as imgproxy's IMGPROXY_KEY and IMGPROXY_SALT)",
    );
  }
  return { key: e.BOOTH_PROXY_KEY, salt: e.BOOTH_PROXY_SALT };
}

/** Where the build writes the site and its data: the build, `npm start` and `npm run bundle` agree. */
export const SITE_FILE_SETTINGS = {
  BOOTH_OUT_DIR: text.default('dist'),
  BOOTH_SITE_DATA: text.default('tenants.generated.json'),
};

/**
 * The settings of `schemas` from the environment, parsed; a bad one throws a SettingsError with
 * the one error line. Blank values count as unset, so `BOOTH_PUBLIC_URL=` in a .env file means
 * "the default". Other variables are not looked at.
 */
export function readEnv<Shape extends z.ZodRawShape>(schemas: Shape, env: Env): z.output<z.ZodObject<Shape>> {
  const given: Record<string, string> = {};
  for (const name of Object.keys(schemas)) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') given[name] = value;
  }
  const parsed = z.object(schemas).safeParse(given);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  throw settingError(name, given[name], issue.message);
}

/** A path setting as an absolute path: relative ones are taken from the project folder. */
export const fromRoot = (root: string, path: string) => (isAbsolute(path) ? path : join(root, path));
