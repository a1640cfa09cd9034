// Visitor tokens: what tells the guests of one venue apart when their phones all reach the booth
// from the venue's one public address. A token is `v1.<visitor id>.<expiry>.<HMAC-SHA256>`: no
// store to ask, one HMAC to check (a few microseconds), and any node holding the secret can check
// a token another node signed. It says nothing about its bearer but a random id.
import crypto from 'node:crypto';
import { GUEST_TEXT } from '../../contract/i18n/en.ts';

/** How long a visit lasts: a browser asks for a new token once its own has expired. */
export const VISITOR_TOKEN_HOURS = 12;

/** The refusals of a token, the catalogue's (told in the guest's language, server/hosts/http.ts). */
export const VISITOR_MESSAGES = {
  invalid: GUEST_TEXT.visitInvalid,
  expired: GUEST_TEXT.visitExpired,
} as const;

export type VisitorCheck = { ok: true; visitor: string } | { ok: false; error: string };

const PREFIX = 'v1';
const TOKEN = /^v1\.([A-Za-z0-9_-]{16})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

/** The key that signs visitor tokens, derived so that it is never the JWT secret itself. */
export function visitorKey(secret: string | Uint8Array): Buffer {
  return crypto.createHmac('sha256', secret).update('booth visitor tokens v1').digest();
}

export class VisitorTokens {
  #key: () => Promise<Buffer>;
  #now: () => number;

  /** `key`: the signing key, or how to get it (on an API node, shared through Redis on first use). */
  constructor(key: Buffer | (() => Promise<Buffer>), now: () => number = Date.now) {
    this.#key = typeof key === 'function' ? key : async () => key;
    this.#now = now;
  }

  async mint(): Promise<string> {
    const id = crypto.randomBytes(12).toString('base64url');
    const expires = Math.floor(this.#now() / 1000 + VISITOR_TOKEN_HOURS * 3600).toString(36);
    const body = `${PREFIX}.${id}.${expires}`;
    return `${body}.${await this.#sign(body)}`;
  }

  async check(token: string): Promise<VisitorCheck> {
    const parts = TOKEN.exec(token.trim());
    if (!parts) return { ok: false, error: VISITOR_MESSAGES.invalid };
    const [, id, expires, signature] = parts;
    const expected = Buffer.from(await this.#sign(`${PREFIX}.${id}.${expires}`));
    if (!crypto.timingSafeEqual(expected, Buffer.from(signature!)))
      return { ok: false, error: VISITOR_MESSAGES.invalid };
    if (parseInt(expires!, 36) * 1000 <= this.#now()) return { ok: false, error: VISITOR_MESSAGES.expired };
    return { ok: true, visitor: id! };
  }

  async #sign(body: string): Promise<string> {
    return crypto
      .createHmac('sha256', await this.#key())
      .update(body)
      .digest('base64url');
  }
}
