// POST /transformations/jobs/{id}/email/ {address}: "Email me my picture" (contract/delivery.ts).
// A compatible addition to the AI hub, mounted beside it. The checks, cheapest first: the booth
// sends mail at all, one address on one line, the job exists and is completed, its tenant offers
// email, the visitor's and the booth's limits; then the message is stored in the outbox and the
// answer is 202 at once, whether or not the SMTP server can be reached now. It is kept with the
// guest's language (the page's, sent as Accept-Language) when its tenant offers that language.
import { Hono } from 'hono';
import { EmailRequestSchema, JOB_STATUS, emailAddressProblem, type JobStatus } from '../../contract/index.ts';
import { fail, limitBody, MAX_JSON_BODY_BYTES, sizeText } from './http.ts';
import { GUEST_TEXT } from '../../contract/i18n/en.ts';
import { fill } from '../../contract/i18n/fill.ts';
import type { Language } from '../../contract/i18n/languages.ts';
import { languageNamed } from '../../contract/i18n/sentences.ts';
import { localMinuteLimits, type MinuteBucket, type MinuteLimits } from '../limits/minute-limits.ts';
import type { VisitorTokens } from '../limits/visitor-tokens.ts';
import { guestRefusal } from './guest-limits.ts';

type Maybe<T> = T | Promise<T>;

/** What a request for an email is checked against and stored in: this process, or Redis on the scale-out path. */
export interface JobEmailDeps {
  /**
   * Where a message waits for the SMTP server (mail/outbox.ts, scale/mail-queue.ts), with its
   * language (null: its tenant's own); null: the booth has no mail settings.
   */
  outbox: { queue(jobId: string, address: string, language: Language | null): Maybe<unknown> } | null;
  /** The job's status and tenant; undefined when there is no such job, or its results are gone. */
  job(id: string): Maybe<{ status: JobStatus; tenant: string | null } | undefined>;
  /** Whether the tenant's booth offers "Email me my picture" (its published branding). */
  offers(tenant: string | null): Maybe<boolean>;
  /** The languages the tenant offers its guests, its own first (contract/i18n/languages.ts); []: not known here. */
  languages(tenant: string | null): Maybe<readonly Language[]>;
  visitors: VisitorTokens;
  trustedProxies: ReadonlySet<string>;
  /** Emails one visitor (a token, or an address without one) may ask for a minute, and the booth altogether. */
  perVisitor: number;
  perMinute: number;
  /** Where the emails asked for are counted; none: in this process. */
  limits?: MinuteLimits;
}

export const EMAIL_MESSAGES = {
  noMail: GUEST_TEXT.emailNoMail,
  notOffered: GUEST_TEXT.emailNotOffered,
  noJob: GUEST_TEXT.emailNoJob,
  notReady: GUEST_TEXT.emailNotReady,
  json: 'Send the request body as JSON (Content-Type: application/json), like {"address": "name@example.com"}.',
  visitorRate: (seconds: number) => fill(GUEST_TEXT.emailVisitorRate, { seconds }),
  boothRate: (seconds: number) => fill(GUEST_TEXT.emailBoothRate, { seconds }),
} as const;

/**
 * The language of a guest's email: the one their call names, as the hub's sentences read it
 * (Accept-Language), when the tenant offers it; else the tenant's own (the first it offers), or
 * null when the tenant's languages are not known here (the sender uses the tenant's own).
 */
export function mailLanguage(header: string | null | undefined, offered: readonly Language[]): Language | null {
  const named = languageNamed(header);
  return named && offered.includes(named) ? named : (offered[0] ?? null);
}

export function jobEmailHost(deps: JobEmailDeps) {
  const app = new Hono();
  const guests = { ...deps, limits: deps.limits ?? localMinuteLimits() };
  // One a visitor (a token, or an address without one) and one of the booth's, or neither.
  const buckets = ({ who }: { who: string }): MinuteBucket[] => [
    { kind: 'mail-visitor', who, perMinute: deps.perVisitor, rate: EMAIL_MESSAGES.visitorRate },
    { kind: 'mail-booth', who: 'booth', perMinute: deps.perMinute, rate: EMAIL_MESSAGES.boothRate },
  ];

  app.post(
    '/jobs/:id/email',
    limitBody(MAX_JSON_BODY_BYTES, `The request is too large; the limit is ${sizeText(MAX_JSON_BODY_BYTES)}.`),
    async (c) => {
      if (!deps.outbox) return fail(c, 503, EMAIL_MESSAGES.noMail);
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/json') return fail(c, 415, EMAIL_MESSAGES.json);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return fail(c, 400, EMAIL_MESSAGES.json);
      }
      const parsed = EmailRequestSchema.safeParse(body);
      const why = emailAddressProblem(parsed.success ? parsed.data.address : undefined);
      if (why) return fail(c, 400, why);
      const address = parsed.data!.address.trim();

      const id = c.req.param('id');
      const job = await deps.job(id);
      if (!job) return fail(c, 404, EMAIL_MESSAGES.noJob);
      if (job.status !== JOB_STATUS.completed) return fail(c, 409, EMAIL_MESSAGES.notReady);
      if (!(await deps.offers(job.tenant))) return fail(c, 409, EMAIL_MESSAGES.notOffered);

      const refused = await guestRefusal(c, guests, buckets);
      if (refused) return refused;

      const language = mailLanguage(c.req.header('accept-language'), await deps.languages(job.tenant));
      await deps.outbox.queue(id, address, language);
      c.header('Cache-Control', 'no-store');
      return c.json({ queued: true }, 202);
    },
  );
  return app;
}
