// The outbox on the scale-out path: a BullMQ queue in Redis (AOF on: docs/deploy.md), so a message
// survives a restart of every node. Any API node stores a guest's request in it; the control node,
// which has the tenants' branding, sends it through the SMTP server of the settings: tried again
// with the embedded outbox's growing wait (mail/outbox.ts) for BOOTH_MAIL_GIVE_UP_SECONDS, then given
// up with one line for ops. Sent, dropped or given up, the message is removed from Redis at once,
// and with it the guest's address. Log lines name the message and its job, never the address,
// and a failure kept in Redis between two attempts never holds it either. A message BullMQ gives
// to a sender again after a stall is not sent twice once the SMTP server took it (mail-once.ts).
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Language } from '../../contract/i18n/languages.ts';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import { retryDelayMs, smtpTransport, type Transport } from '../mail/outbox.ts';
import type { PictureMail } from '../mail/message.ts';
import type { MailSettings } from '../mail/settings.ts';
import { MailOnce, messageIdOf } from './mail-once.ts';
import { failFast, waitForever } from './redis-options.ts';
import { detailOf, QUEUE_SERVICE, within } from './service-call.ts';

export const MAIL_QUEUE_NAME = 'booth-mail';

/** What a queued message holds: the job whose picture it carries, the guest's address and language, nothing else. */
export interface QueuedMail {
  jobId: string;
  address: string;
  /** The guest's language, one the tenant offers; absent (queued by a node older than it) or null: the tenant's own. */
  language?: Language | null;
}

/** Never failed for good by BullMQ: the give-up time decides (below), whatever the attempts. */
const MAIL_ATTEMPTS = 1_000_000;
const mailOptions = {
  attempts: MAIL_ATTEMPTS,
  backoff: { type: 'custom' },
  removeOnComplete: true,
  removeOnFail: true,
} as const;

/** An API node's side: stores the message; the answer does not wait for the SMTP server. */
export class MailQueue {
  #queue: Queue<QueuedMail>;
  #timeoutMs: number;
  #log: (line: string) => void;

  constructor(redisUrl: string, options: { timeoutMs: number; log: (line: string) => void }) {
    this.#queue = new Queue<QueuedMail>(MAIL_QUEUE_NAME, { connection: failFast(redisUrl) });
    // An outage is the job path's line to tell; the request gets its 503.
    this.#queue.on('error', () => {});
    this.#timeoutMs = options.timeoutMs;
    this.#log = options.log;
  }

  async queue(jobId: string, address: string, language: Language | null): Promise<string> {
    const job = await within(QUEUE_SERVICE, this.#timeoutMs, () =>
      this.#queue.add('email', { jobId, address, language }, mailOptions),
    ).catch((error: unknown) => {
      throw error instanceof ServiceUnavailableError
        ? error
        : new ServiceUnavailableError(QUEUE_SERVICE, detailOf(error));
    });
    this.#log(`mail: message ${job.id} for job ${jobId} queued`);
    return job.id!;
  }

  close() {
    return this.#queue.close();
  }
}

export interface MailSenderDeps {
  redisUrl: string;
  settings: MailSettings;
  /** The message for a queued one, or null when its job and picture are gone (deleted, expired). */
  compose(message: QueuedMail): Promise<PictureMail | null>;
  log: (line: string) => void;
  transport?: Transport;
  /** Told of each message once it is sent or given up, for the event's figures. */
  done?: (message: QueuedMail, outcome: 'sent' | 'failed') => void;
}

/** A failure's first line, without the guest's address (an SMTP server's refusal may quote it). */
const reasonOf = (error: unknown, address: string) =>
  ((error as Error).message ?? String(error)).split('\n')[0]!.replaceAll(address, "<the guest's address>");

/** What a sender does with one message it is given (and given again after a stall): 'sent', 'dropped' or 'given up'. */
export function mailSend(deps: MailSenderDeps, transport: Transport, once: MailOnce) {
  const { settings, log } = deps;
  return async function send(job: Pick<Job<QueuedMail>, 'id' | 'data' | 'attemptsMade' | 'timestamp'>) {
    const { jobId, address } = job.data;
    const id = job.id!;
    const attempt = job.attemptsMade + 1;
    const claim = await once.claim(id).catch((error: unknown) => {
      throw new Error(`Redis could not be asked whether message ${id} was sent: ${detailOf(error)}`);
    });
    if (claim.state === 'sent') {
      log(`mail: message ${id} for job ${jobId} was sent before (attempt ${attempt}): not sent again`);
      return 'sent';
    }
    if (claim.state === 'claimed') throw new Error(`Message ${id} is being sent by another sender; tried again.`);
    const { token } = claim;
    let accepted = false;
    try {
      const giveUp = (why: string) => {
        log(
          `mail: gave up on message ${id} for job ${jobId} after ${attempt} attempt(s) over ${Math.round((Date.now() - job.timestamp) / 1000)}s: ${why}`,
        );
        deps.done?.(job.data, 'failed');
        return 'given up';
      };
      const late = () => Date.now() - job.timestamp >= settings.giveUpSeconds * 1000;
      let mail: PictureMail | null;
      try {
        mail = await deps.compose(job.data);
      } catch (error) {
        // Redis or the store away: tried again, like the SMTP server away.
        if (error instanceof ServiceUnavailableError) {
          if (late()) return giveUp(error.detail);
          throw new Error(error.message);
        }
        log(`mail: message ${id} for job ${jobId} cannot be written: ${reasonOf(error, address)}`);
        mail = null;
      }
      if (!mail) {
        log(`mail: message ${id} dropped: job ${jobId} and its picture are gone`);
        return 'dropped';
      }
      try {
        await transport.sendMail({ ...mail, from: settings.from, messageId: messageIdOf(id, jobId, settings.from) });
      } catch (error) {
        const why = reasonOf(error, address);
        if (late()) return giveUp(why);
        throw new Error(why);
      }
      accepted = true;
      await once.sent(id).catch((error: unknown) => {
        log(`mail: message ${id} was sent but could not be marked sent in Redis (${detailOf(error)})`);
      });
      log(`mail: message ${id} for job ${jobId} sent (attempt ${attempt})`);
      deps.done?.(job.data, 'sent');
      return 'sent';
    } finally {
      if (!accepted) await once.release(id, token).catch(() => {});
    }
  };
}

/** The control node's side: one message at a time, in the order they were asked for. */
export function startMailSender(deps: MailSenderDeps) {
  const { settings, log } = deps;
  const transport = deps.transport ?? smtpTransport(settings);
  const marks = new Redis(deps.redisUrl, { maxRetriesPerRequest: 1 });
  marks.on('error', () => {});
  const send = mailSend(deps, transport, new MailOnce(marks));

  const worker = new Worker<QueuedMail, string>(MAIL_QUEUE_NAME, send, {
    connection: waitForever(deps.redisUrl),
    concurrency: 1,
    settings: { backoffStrategy: (attemptsMade) => retryDelayMs(attemptsMade - 1, settings.retryMaxSeconds) },
  });
  // The job path's outage line says Redis is away; the worker reconnects by itself.
  worker.on('error', () => {});
  // What the last run left, told once, as the embedded outbox tells it.
  const queue = new Queue<QueuedMail>(MAIL_QUEUE_NAME, { connection: failFast(deps.redisUrl) });
  queue.on('error', () => {});
  void queue
    .getJobCounts('wait', 'delayed', 'active', 'prioritized')
    .then((counts) => {
      const left = Object.values(counts).reduce((a, b) => a + b, 0);
      if (left > 0) log(`mail: ${left} message(s) waiting in the outbox from the last run`);
    })
    .catch(() => {});

  return {
    async close() {
      await worker.close();
      await queue.close();
      marks.disconnect();
      transport.close();
    },
  };
}
