// What the ComfyUI provider (comfyui.ts) makes of addresses and answers: the base URL from the
// settings, the websocket's address, a refused prompt's sentence, and the failure a status or a
// network error means.
import { imageMimeOf } from '../../files/media-types.ts';
import { failureOfStatus, ProviderError, retryAfterMs, type GeneratedImage } from './provider.ts';

/** The settings' URL as a base for ComfyUI's routes (a trailing slash, so that a path prefix is kept). */
export function baseUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`The ComfyUI URL "${url}" is not a URL; write it like http://gpu-box.local:8188.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`The ComfyUI URL "${url}" must start with http:// or https://.`);
  }
  if (parsed.username || parsed.password) {
    throw new Error(`The ComfyUI URL "${parsed.host}" must not carry a user name or password.`);
  }
  parsed.search = '';
  parsed.hash = '';
  if (!parsed.pathname.endsWith('/')) parsed.pathname += '/';
  return parsed;
}

export function websocketUrl(base: URL, clientId: string): URL {
  const url = new URL('ws', base);
  url.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('clientId', clientId);
  return url;
}

export function statusFailure(response: Response, body: string, headline: string, base: URL): ProviderError {
  const kind = failureOfStatus(response.status);
  const said = body.trim() ? ` (it said: ${excerpt(body)})` : '';
  if (kind === 'credentials') {
    // ComfyUI itself asks for no credentials: an auth proxy in front of it refused the booth.
    return new ProviderError(
      kind,
      `${headline}: a proxy in front of ComfyUI wants credentials, and the booth sends none; let the booth through, or point the URL past the proxy${said}.`,
    );
  }
  if (response.status === 404) {
    return new ProviderError(
      kind,
      `${headline}: is ${base.href} the address of ComfyUI${base.pathname === '/' ? '' : ', with the right path'}?${said}`,
    );
  }
  const retryAfter = retryAfterMs(response.headers.get('retry-after'));
  return new ProviderError(kind, `${headline}${said}.`, retryAfter === undefined ? {} : { retryAfterMs: retryAfter });
}

/**
 * The sentence of ComfyUI's refusal of a prompt: `{error: {type, message, details}, node_errors:
 * {id: {class_type, errors: [{message, details}]}}}`, naming each node at fault. Null when the body
 * is not that shape.
 */
export function promptRefusal(body: string): string | null {
  let answer: { error?: unknown; node_errors?: unknown };
  try {
    answer = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof answer !== 'object' || answer === null || !('error' in answer)) return null;
  const error = answer.error as { message?: unknown; details?: unknown } | string | null;
  const headline =
    typeof error === 'string'
      ? error
      : typeof error?.message === 'string'
        ? error.message
        : 'the workflow is not valid';
  const nodes = Object.entries(
    typeof answer.node_errors === 'object' && answer.node_errors !== null ? answer.node_errors : {},
  ).map(([id, node]: [string, { class_type?: unknown; errors?: unknown }]) => {
    const errors = (Array.isArray(node?.errors) ? node.errors : []) as { message?: unknown; details?: unknown }[];
    const reasons = errors.map((reason) =>
      [reason.message, reason.details].filter((part) => typeof part === 'string' && part !== '').join(': '),
    );
    return `node ${id}${typeof node?.class_type === 'string' ? ` (${node.class_type})` : ''}: ${reasons.join('; ') || 'invalid'}`;
  });
  if (nodes.length > 0) return `${headline}; ${nodes.join('; ')}.`;
  const details =
    typeof error === 'object' && typeof error?.details === 'string' && error.details.trim()
      ? ` (${error.details.trim()})`
      : '';
  return `${headline}${details}.`;
}

export function networkProblem(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat || '(empty)';
}

/** The picture's type from the answer's Content-Type, or from its first bytes when that says nothing useful. */
export function imageType(header: string | null, data: Uint8Array): GeneratedImage['contentType'] | null {
  const declared = header?.split(';')[0].trim().toLowerCase();
  if (declared === 'image/png' || declared === 'image/jpeg' || declared === 'image/webp') return declared;
  return imageMimeOf(data);
}
