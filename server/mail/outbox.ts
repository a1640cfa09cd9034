// The outbox: a guest's email is stored first (storage/outbox.ts) and sent when the SMTP server
// can be reached, one at a time, tried again with a growing wait for BOOTH_MAIL_GIVE_UP_SECONDS,
// then given up with one line for ops. Either way the row, and with it the guest's address, is
// deleted. Log lines name the message and its job, never the address.
import nodemailer from 'nodemailer';
import type { Language } from '../../contract/i18n/languages.ts';
import type { OutboxMessage, OutboxStore } from '../storage/outbox.ts';
import type { MailSettings } from './settings.ts';
import type { PictureMail } from './message.ts';

/** What a message needs when its turn comes: the mail, or null when its job is gone (deleted, expired). */
export type Compose = (message: OutboxMessage) => PictureMail | null;

export interface Transport {
  /** `messageId`: the same on every try of one message (scale/mail-once.ts); none: the client makes one. */
  sendMail(mail: PictureMail & { from: string; messageId?: string }): Promise<unknown>;
  close(): void;
}

export interface OutboxDeps {
  store: OutboxStore;
  settings: MailSettings;
  compose: Compose;
  log: (line: string) => void;
  /** Told of each message sent or given up (the event page's figures). */
  done?: (jobId: string, outcome: 'sent' | 'failed') => void;
  /** How often due messages are looked for. */
  pollMs?: number;
  now?: () => number;
  transport?: Transport;
}

/** The first wait after a failure; it doubles with each attempt up to `retryMaxSeconds`. */
const FIRST_RETRY_MS = 2_000;
/** Messages sent in one pass before the next look. */
const BATCH = 20;

export function smtpTransport(settings: MailSettings): Transport {
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.tls === 'on',
    requireTLS: settings.tls === 'starttls',
    ignoreTLS: settings.tls === 'off',
    ...(settings.auth ? { auth: settings.auth } : {}),
    // An SMTP server out of reach fails fast: the message waits in the outbox, not in a socket.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  }) as unknown as Transport;
}

/** The wait before attempt `attempts + 1`. */
export const retryDelayMs = (attempts: number, maxSeconds: number) =>
  Math.min(maxSeconds * 1000, FIRST_RETRY_MS * 2 ** Math.min(attempts, 20));

export class Outbox {
  #deps: OutboxDeps;
  #transport: Transport;
  #timer: NodeJS.Timeout | null = null;
  #pumping: Promise<void> | null = null;
  #again = false;
  #stopped = false;

  constructor(deps: OutboxDeps) {
    this.#deps = deps;
    this.#transport = deps.transport ?? smtpTransport(deps.settings);
  }

  /** Sends what was left by the last run, then looks for due messages every `pollMs`. */
  start() {
    const left = this.#deps.store.size;
    if (left > 0) this.#deps.log(`mail: ${left} message(s) waiting in the outbox from the last run`);
    this.#timer = setInterval(() => this.kick(), this.#deps.pollMs ?? 1000);
    this.#timer.unref();
    this.kick();
  }

  /** Stores the message and tries to send it at once; the answer does not wait for the SMTP server. */
  queue(jobId: string, address: string, language: Language | null): number {
    const id = this.#deps.store.add(jobId, address, language, this.#now());
    this.#deps.log(`mail: message ${id} for job ${jobId} queued`);
    this.kick();
    return id;
  }

  kick() {
    if (this.#stopped) return;
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = this.#pump().finally(() => {
      this.#pumping = null;
      if (this.#again) {
        this.#again = false;
        this.kick();
      }
    });
  }

  /** Resolves once nothing is being sent. */
  async idle() {
    while (this.#pumping) await this.#pumping;
  }

  async stop() {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#pumping;
    this.#transport.close();
  }

  #now() {
    return (this.#deps.now ?? Date.now)();
  }

  async #pump() {
    for (;;) {
      const due = this.#deps.store.due(this.#now(), BATCH);
      if (due.length === 0 || this.#stopped) return;
      for (const message of due) {
        if (this.#stopped) return;
        await this.#send(message);
      }
    }
  }

  async #send(message: OutboxMessage) {
    const { store, settings, log } = this.#deps;
    const attempt = message.attempts + 1;
    let mail: PictureMail | null;
    try {
      mail = this.#deps.compose(message);
    } catch (error) {
      mail = null;
      log(`mail: message ${message.id} for job ${message.jobId} cannot be written: ${(error as Error).message}`);
    }
    if (!mail) {
      store.remove(message.id);
      log(`mail: message ${message.id} dropped: job ${message.jobId} and its picture are gone`);
      return;
    }
    try {
      await this.#transport.sendMail({ ...mail, from: settings.from });
      store.remove(message.id);
      this.#deps.done?.(message.jobId, 'sent');
      log(`mail: message ${message.id} for job ${message.jobId} sent (attempt ${attempt})`);
    } catch (error) {
      const why = (error as Error).message.split('\n')[0] ?? 'unknown error';
      const now = this.#now();
      if (now - message.createdAt >= settings.giveUpSeconds * 1000) {
        store.remove(message.id);
        this.#deps.done?.(message.jobId, 'failed');
        log(
          `mail: gave up on message ${message.id} for job ${message.jobId} after ${attempt} attempt(s) over ${Math.round((now - message.createdAt) / 1000)}s: ${why}`,
        );
        return;
      }
      store.retryAt(message.id, now + retryDelayMs(message.attempts, settings.retryMaxSeconds), why);
    }
  }
}
