// Small helpers shared by the hosts: error bodies in the contract's one shape, JSON bodies read
// and checked at the edge of a route, so a handler sees only valid data.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { getPath } from 'hono/utils/url';
import { validator } from 'hono/validator';
import type { z } from 'zod/mini';
import type { ErrorBody } from '../../contract/index.ts';
import { inLanguage, languageAsked } from '../../contract/i18n/sentences.ts';

/** The sentence is the catalogue's English; it is told in the language the calling page names (Accept-Language). */
export function fail(c: Context, status: ContentfulStatusCode, error: string, extra: Record<string, unknown> = {}) {
  return c.json({ error: guestSentence(c, error), ...extra } satisfies ErrorBody, status);
}

/** A sentence for the guest behind this call, in their page's language (contract/i18n/sentences.ts). */
export const guestSentence = (c: Context, sentence: string) =>
  inLanguage(sentence, languageAsked(c.req.header('accept-language')));

/** A form's sentences by field, each in the guest's language, as the form shows them there. */
export const guestSentences = (c: Context, byField: Partial<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(byField).flatMap(([field, why]) => (why === undefined ? [] : [[field, guestSentence(c, why)]])),
  );

/** The largest JSON body of any call but create-job (whose photo has BOOTH_MAX_BODY_BYTES): a login is a few hundred bytes. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** "20 MB", "64 KB": a limit as the person reading the error thinks of it. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.round(bytes / 1024)} KB`;
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

/** `limitBody` for a JSON call: MAX_JSON_BODY_BYTES, and the sentence every such call answers with. */
export const limitJsonBody = () =>
  limitBody(MAX_JSON_BODY_BYTES, `The request body is too large; the limit is ${sizeText(MAX_JSON_BODY_BYTES)}.`);

/**
 * Reads the JSON body behind `limitBody` (which bounds it): anything else is a 4xx with a
 * sentence, never a crash. Hono's own JSON reading is not used: it answers a broken body
 * with its own message and skips a body not labelled JSON, which a login may be.
 */
export function jsonBody({ requireJsonType }: { requireJsonType: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (requireJsonType && type !== 'application/json') {
      return fail(c, 415, 'Send the request body as JSON (Content-Type: application/json).');
    }
    let value: unknown;
    try {
      value = JSON.parse(await c.req.text());
    } catch {
      return fail(c, 400, 'The request body is not valid JSON.');
    }
    // Where c.req.json() looks first: the validator after this reads the parsed value, not the text again.
    (c.req.bodyCache as { json?: Promise<unknown> }).json = Promise.resolve(value);
    await next();
  };
}

/** Behind `jsonBody`: the handler gets the body as `schema` parsed it (`c.req.valid('json')`), else a 400 with `invalid`. */
export function validJson<T>(schema: z.ZodMiniType<T>, invalid: string) {
  return validator('json', async (_labelled, c) => {
    // Not `_labelled`: Hono passes nothing for a body not labelled JSON (a login may not be); jsonBody parsed it either way.
    const parsed = schema.safeParse(await c.req.json());
    return parsed.success ? parsed.data : fail(c, 400, invalid);
  });
}

/**
 * The path as it was sent, for logs and sentences: with non-strict routing `c.req.path` has
 * lost its trailing slash.
 */
export function requestPath(c: Context): string {
  const path = getPath(c.req.raw);
  // A URL may be kilobytes long; a log line or an error shows the start of it.
  return path.length > MAX_SHOWN_PATH ? `${path.slice(0, MAX_SHOWN_PATH)}…` : path;
}

/** Characters of a request path that a log line or an error message shows. */
const MAX_SHOWN_PATH = 200;

/** The client closed its connection before its request was read (an upload cut off mid-body). */
export const clientGone = (c: Context) => c.req.raw.signal.aborted;

/** The origin a visitor's device used to reach this server, for absolute result URLs. */
export function publicOrigin(c: Context, publicUrl: string | undefined): string {
  return publicUrl ?? new URL(c.req.url).origin;
}
