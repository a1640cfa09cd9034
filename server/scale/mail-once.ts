// One message, one email, as far as Redis can tell. BullMQ gives a message whose lock lapsed (its
// sender stalled: an event loop blocked past the lock, a lost connection, a process killed) to a
// sender again, which would send it twice. So a sender claims a message before sending it (for as
// long as one send may take), marks it sent once the SMTP server has accepted it (the mark kept a
// day, far past any redelivery), and sends no message marked sent; a message another sender still
// holds waits for it. What remains is one window: a sender that dies after the SMTP server accepted
// the message and before the mark is written (one Redis call) leaves it unmarked, and the message
// goes again, with the same Message-ID (messageIdOf), which many mailboxes fold into one.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A send's claim outlives the SMTP client's own bounds (10 s to connect, 10 s greeting, 30 s idle). */
export const MAIL_CLAIM_MS = 120_000;
/** A sent mark outlives any redelivery: a message is removed from Redis as soon as it is done. */
export const MAIL_SENT_SECONDS = 24 * 3600;

const sentKey = (message: string) => `booth:mail-sent:${message}`;
const claimKey = (message: string) => `booth:mail-sending:${message}`;

/** KEYS: sent mark, claim. ARGV: claim token, claim ms. */
const CLAIM = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'sent' end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return 'mine' end
return 'claimed'
`;
/** KEYS: claim. ARGV: claim token. Lets go of the claim only if it is still this sender's. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export type MailClaim = { state: 'sent' } | { state: 'claimed' } | { state: 'mine'; token: string };

export class MailOnce {
  #client: Redis;

  constructor(client: Redis) {
    this.#client = client;
  }

  /** 'sent': accepted by the SMTP server before; 'claimed': another sender is at it now; 'mine': send it. */
  async claim(message: string): Promise<MailClaim> {
    const token = randomUUID();
    const state = (await this.#client.eval(
      CLAIM,
      2,
      sentKey(message),
      claimKey(message),
      token,
      String(MAIL_CLAIM_MS),
    )) as MailClaim['state'];
    return state === 'mine' ? { state, token } : state === 'sent' ? { state } : { state: 'claimed' };
  }

  /** The SMTP server accepted it: never sent again. */
  async sent(message: string): Promise<void> {
    await this.#client.multi().set(sentKey(message), '1', 'EX', MAIL_SENT_SECONDS).del(claimKey(message)).exec();
  }

  /** Not sent (the SMTP server away, the picture gone): the next try may claim it at once. */
  async release(message: string, token: string): Promise<void> {
    await this.#client.eval(RELEASE, 1, claimKey(message), token);
  }
}

/** The Message-ID of a queued message, the same on every try: `<booth-mail.{message}.{job}@{sender's domain}>`. */
export function messageIdOf(message: string, jobId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'booth.invalid';
  return `<booth-mail.${message}.${jobId.replace(/[^\w-]/g, '')}@${domain}>`;
}
