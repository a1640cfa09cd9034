// What happens to a picture after the results screen, per tenant: how long it is kept (and with
// it the QR code's and the email's links), and whether a guest may have it sent by email. Both are
// off unless the tenant's branding turns them on, so the spec's booth stays the default.
//
// POST {ai host}/transformations/jobs/{jobId}/email/  body {address} -> 202 {queued: true}
// Not in the spec's call table: a compatible addition the embedded AI hub answers.
import { z } from 'zod/mini';

/** Results kept per tenant: from one hour to 30 days. */
export const RESULT_HOURS_MIN = 1;
export const RESULT_HOURS_MAX = 30 * 24;
/** The booth's own retention when a tenant sets none (BOOTH_RETENTION_SECONDS' default). */
export const DEFAULT_RESULT_HOURS = 24;

/** RFC 5321: a forward path holds at most 254 characters of address. */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;

/** The delivery fields of a tenant's branding, after validation. */
export interface DeliveryKit {
  /** "Email me my picture" on the results screen (offered only when the booth can send mail). */
  email: boolean;
  /** Hours a result is kept after its job ended; 0 = the booth's own retention (24 hours unless set). */
  resultHours: number;
}

export const DELIVERY_OFF: Readonly<DeliveryKit> = /* @__PURE__ */ Object.freeze({ email: false, resultHours: 0 });

export const resultHoursProblem = (value: unknown): string | null =>
  value === 0 ||
  (Number.isInteger(value) && (value as number) >= RESULT_HOURS_MIN && (value as number) <= RESULT_HOURS_MAX)
    ? null
    : `is not a whole number of hours from ${RESULT_HOURS_MIN} to ${RESULT_HOURS_MAX} (30 days), or 0 for the booth's own ${DEFAULT_RESULT_HOURS} hours`;

/** The delivery fields of an item onto `branding`; a value that does not fit is refused and reported. */
export function resolveDelivery(
  raw: Record<string, unknown>,
  branding: Partial<DeliveryKit>,
  refuse: (field: keyof DeliveryKit, value: unknown, why: string) => void,
): void {
  const email = raw.email;
  if (email !== undefined && email !== null) {
    if (typeof email === 'boolean') branding.email = email;
    else refuse('email', email, 'is not true or false');
  }
  const hours = raw.resultHours;
  if (hours !== undefined && hours !== null) {
    const why = resultHoursProblem(hours);
    if (why) refuse('resultHours', hours, why);
    else branding.resultHours = hours as number;
  }
}

// One address, as a person types it: no display name, no list, nothing a mail header could
// carry further. Deliberately narrower than RFC 5322: a guest's address fits.
const ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The sentence a guest reads when `address` cannot be sent to, or null; `texts`: the guest's language's. */
export function emailAddressProblem(
  address: unknown,
  texts: Record<'addressMissing' | 'addressTooLong' | 'addressOneLine' | 'addressInvalid', string> = EMAIL_TEXT,
): string | null {
  if (typeof address !== 'string' || address.trim() === '') return texts.addressMissing;
  if (address.length > EMAIL_ADDRESS_MAX_LENGTH) return texts.addressTooLong;
  if (/[\r\n]/.test(address)) return texts.addressOneLine;
  return ADDRESS.test(address.trim()) ? null : texts.addressInvalid;
}

export const emailPath = (jobId: string) => `/transformations/jobs/${encodeURIComponent(jobId)}/email/`;

export const EmailRequestSchema = z.object({ address: z.string() });
export type EmailRequest = z.infer<typeof EmailRequestSchema>;
export const EmailResponseSchema = z.looseObject({ queued: z.boolean() });

export const EMAIL_TEXT = {
  emailMe: 'Email me my picture',
  addressLabel: 'Your email address',
  send: 'Send',
  sending: 'Sending…',
  queued: 'Your picture is on its way. Check your inbox in a few minutes.',
  addressMissing: 'Enter your email address.',
  addressTooLong: `That email address is too long; it can be at most ${EMAIL_ADDRESS_MAX_LENGTH} characters.`,
  addressOneLine: 'Enter one email address on one line.',
  addressInvalid: 'Enter one email address, like name@example.com.',
  notSent: 'Your picture could not be sent. Please try again.',
} as const;

/**
 * A tenant's stored branding item as the content host serves it to the build: a booth without a
 * mail server (no BOOTH_SMTP_HOST) serves every tenant with `email: false`, so no page offers a
 * form it could not honour. What a publish compares with the built pages is read the same way.
 */
export function servedForMail<T extends object>(item: T, sendsMail: boolean): T {
  return sendsMail ? item : { ...item, email: false };
}
