// Email delivery (contract/delivery.ts): the SMTP server the outbox sends through. Without
// BOOTH_SMTP_HOST the booth sends no mail and no tenant's results screen offers it.
import { z } from 'zod';
import { settingError, text, wholeNumber, type Env } from '../../contract/settings.ts';

export const MAIL_SETTINGS = {
  BOOTH_SMTP_HOST: text.optional(),
  BOOTH_SMTP_PORT: wholeNumber(1, 65535).optional(),
  BOOTH_SMTP_USER: text.optional(),
  BOOTH_SMTP_PASSWORD: text.optional(),
  BOOTH_SMTP_TLS: z.enum(['on', 'starttls', 'off'], { error: 'expected on, starttls or off' }).default('starttls'),
  BOOTH_MAIL_FROM: text.optional(),
  BOOTH_MAIL_GIVE_UP_SECONDS: wholeNumber(10, 30 * 24 * 3600).default(24 * 3600),
  BOOTH_MAIL_RETRY_MAX_SECONDS: wholeNumber(1, 24 * 3600).default(300),
  BOOTH_MAIL_PER_VISITOR: wholeNumber(1, 1000).default(3),
  BOOTH_MAIL_PER_MINUTE: wholeNumber(1, 100_000).default(30),
};

export interface MailSettings {
  host: string;
  port: number;
  /** on: TLS from the first byte (port 465); starttls: upgraded when the server offers it, required unless off. */
  tls: 'on' | 'starttls' | 'off';
  auth?: { user: string; pass: string };
  from: string;
  /** A message not sent this long after it was queued is given up, with one line for ops. */
  giveUpSeconds: number;
  /** The longest wait between two attempts (the wait doubles from 2 s up to it). */
  retryMaxSeconds: number;
  /** Emails one visitor may ask for within a minute, and all visitors of the booth together. */
  perVisitor: number;
  perMinute: number;
}

type Parsed = z.output<z.ZodObject<typeof MAIL_SETTINGS>>;

const FROM = /^[^\r\n<>@\s]+@[^\r\n<>@\s]+$|^[^\r\n<>]*<[^\r\n<>@\s]+@[^\r\n<>@\s]+>$/;

/** null when the booth sends no mail (no BOOTH_SMTP_HOST). */
export function mailSettingsOf(e: Parsed, env: Env): MailSettings | null {
  if (!e.BOOTH_SMTP_HOST) return null;
  if (!e.BOOTH_MAIL_FROM)
    throw settingError(
      'BOOTH_MAIL_FROM',
      '',
      'is needed with BOOTH_SMTP_HOST: the sender, such as "Gala Booth <booth@example.org>"',
    );
  if (!FROM.test(e.BOOTH_MAIL_FROM))
    throw settingError(
      'BOOTH_MAIL_FROM',
      env.BOOTH_MAIL_FROM,
      'expected one address, such as booth@example.org or "Booth <booth@example.org>"',
    );
  if (Boolean(e.BOOTH_SMTP_USER) !== Boolean(e.BOOTH_SMTP_PASSWORD)) {
    const missing = e.BOOTH_SMTP_USER ? 'BOOTH_SMTP_PASSWORD' : 'BOOTH_SMTP_USER';
    throw settingError(missing, '', 'BOOTH_SMTP_USER and BOOTH_SMTP_PASSWORD go together');
  }
  return {
    host: e.BOOTH_SMTP_HOST,
    port: e.BOOTH_SMTP_PORT ?? (e.BOOTH_SMTP_TLS === 'on' ? 465 : 587),
    tls: e.BOOTH_SMTP_TLS,
    ...(e.BOOTH_SMTP_USER ? { auth: { user: e.BOOTH_SMTP_USER, pass: e.BOOTH_SMTP_PASSWORD! } } : {}),
    from: e.BOOTH_MAIL_FROM,
    giveUpSeconds: e.BOOTH_MAIL_GIVE_UP_SECONDS,
    retryMaxSeconds: e.BOOTH_MAIL_RETRY_MAX_SECONDS,
    perVisitor: e.BOOTH_MAIL_PER_VISITOR,
    perMinute: e.BOOTH_MAIL_PER_MINUTE,
  };
}
