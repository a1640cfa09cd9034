// The visitor token of this visit: asked of the AI hub once (POST /transformations/visitors/) and
// sent back on each create as X-Booth-Visitor, so the booth counts its limits per phone and not
// per venue Wi-Fi. Kept in session storage (the visit, across this tab's pages), never a cookie:
// the site may be on a CDN, another origin than the hub. A hub that does not know the call (an
// older or another AI host) gives no token, and creates go out without the header, as before.
import { VisitorTokenResponseSchema, VISITORS_PATH } from '../../contract/index.ts';

type Fetch = typeof fetch;

const STORAGE_KEY = 'booth-visitor:';

function sessionStore(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): the token lives in this page's memory.
    return undefined;
  }
}

export interface VisitorPass {
  /** The token, asked for on first use; null when the hub gives none. */
  token(): Promise<string | null>;
  /** The hub refused the token (expired, or signed with another secret): the next token() asks again. */
  forget(): void;
}

export function visitorPass(base: string, fetchImpl: Fetch, timeoutMs: number): VisitorPass {
  const key = STORAGE_KEY + base;
  let asked: Promise<string | null> | undefined;

  async function ask(): Promise<string | null> {
    try {
      // No body and no custom header: a simple request, without a CORS preflight.
      const response = await fetchImpl(base + VISITORS_PATH, {
        method: 'POST',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return null;
      const parsed = VisitorTokenResponseSchema.safeParse(await response.json());
      if (!parsed.success) return null;
      sessionStore()?.setItem(key, parsed.data.token);
      return parsed.data.token;
    } catch {
      return null;
    }
  }

  return {
    token() {
      const kept = sessionStore()?.getItem(key);
      if (kept) return Promise.resolve(kept);
      return (asked ??= ask());
    },
    forget() {
      sessionStore()?.removeItem(key);
      asked = undefined;
    },
  };
}
