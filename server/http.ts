// Small helpers shared by the hosts: error bodies in the contract's one shape, JSON bodies read safely.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../contract/index.ts';

export function fail(c: Context, status: ContentfulStatusCode, error: string, extra: Record<string, unknown> = {}) {
  return c.json({ error, ...extra } satisfies ErrorBody, status);
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 415; error: string };

/** Reads a JSON body; anything else is a 4xx with a sentence, never a crash. */
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
