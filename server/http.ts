// Small helpers shared by the hosts: error bodies in the contract's one shape, JSON bodies read safely.
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../contract/index.ts';

export function fail(c: Context, status: ContentfulStatusCode, error: string, extra: Record<string, unknown> = {}) {
  return c.json({ error, ...extra } satisfies ErrorBody, status);
}

/** The largest JSON body of any call but create-job (whose photo has BOOTH_MAX_BODY_BYTES): a login is a few hundred bytes. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** "20 MB", "64 KB": a limit as the person reading the error thinks of it. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Answers 413 with `error` once a body is over `maxBytes`: at once from its Content-Length,
 * else as soon as the streamed bytes pass the limit, so no more than `maxBytes` is ever held.
 */
export function limitBody(maxBytes: number, error: string) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      // The rest of the body is never read, so this connection cannot carry another request.
      c.header('Connection', 'close');
      return fail(c, 413, error);
    },
  });
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 415; error: string };

/** Reads a JSON body (behind `limitBody`, which bounds it); anything else is a 4xx with a sentence, never a crash. */
export async function readJson(c: Context, { requireJsonType }: { requireJsonType: boolean }): Promise<JsonBody> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (requireJsonType && type !== 'application/json') {
    return { ok: false, status: 415, error: 'Send the request body as JSON (Content-Type: application/json).' };
  }
  const text = await c.req.text();
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, error: 'The request body is not valid JSON.' };
  }
}

/** The origin a visitor's device used to reach this server, for absolute result URLs. */
export function publicOrigin(c: Context, publicUrl: string | undefined): string {
  return publicUrl ?? new URL(c.req.url).origin;
}
