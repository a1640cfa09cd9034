// POST /transformations/jobs/{id}/email/ {address}: "Email me my picture" (contract/delivery.ts).
// A compatible addition to the AI hub, mounted beside it. The checks, cheapest first: the booth
// sends mail at all, one address on one line, the job exists and is completed, its tenant offers
// email, the visitor's and the booth's limits; then the message is stored in the outbox and the
// answer is 202 at once, whether or not the SMTP server can be reached now.
import { Hono } from 'hono';
import {
  EmailRequestSchema,
  JOB_STATUS,
  VISITOR_HEADER,
  emailAddressProblem,
  type JobStatus,
} from '../../contract/index.ts';
import { clientAddress } from '../limits/client-address.ts';
import { fail, limitBody, MAX_JSON_BODY_BYTES, sizeText } from './http.ts';
import { GUEST_TEXT } from '../../contract/i18n/en.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { ClientLimits } from '../limits/client-limits.ts';
import type { VisitorTokens } from '../limits/visitor-tokens.ts';

type Maybe<T> = T | Promise<T>;

/** What a request for an email is checked against and stored in: this process, or Redis on the scale-out path. */
export interface JobEmailDeps {
  /** Where a message waits for the SMTP server (mail/outbox.ts, scale/mail-queue.ts); null: the booth has no mail settings. */
  outbox: { queue(jobId: string, address: string): Maybe<unknown> } | null;
  /** The job's status and tenant; undefined when there is no such job, or its results are gone. */
  job(id: string): Maybe<{ status: JobStatus; tenant: string | null } | undefined>;
  /** Whether the tenant's booth offers "Email me my picture" (its published branding). */
  offers(tenant: string | null): Maybe<boolean>;
  visitors: VisitorTokens;
  trustedProxies: ReadonlySet<string>;
  /** Emails one visitor (a token, or an address without one) may ask for a minute, and the booth altogether. */
  perVisitor: number;
  perMinute: number;
  /** Where the emails asked for are counted; none: in this process (mailLimits below). */
  limits?: MailLimits;
}

/** The visitor's and the booth's emails a minute: takes one of each, or says why not and for how long. */
export interface MailLimits {
  take(visitor: string): Maybe<{ message: string; retryAfterSeconds: number } | null>;
}

/** The embedded default's: counted in this process. */
export function mailLimits(perVisitorMinute: number, perMinute: number): MailLimits {
  const perVisitor = new ClientLimits({
    maxInFlight: Number.POSITIVE_INFINITY,
    perMinute: perVisitorMinute,
    messages: { inFlight: () => '', rate: EMAIL_MESSAGES.visitorRate },
  });
  const booth = new ClientLimits({
    maxInFlight: Number.POSITIVE_INFINITY,
    perMinute,
    messages: { inFlight: () => '', rate: EMAIL_MESSAGES.boothRate },
  });
  return {
    take(visitor) {
      const refused = perVisitor.refusal(visitor) ?? booth.refusal('booth');
      if (refused) return refused;
      perVisitor.take(visitor).release();
      booth.take('booth').release();
      return null;
    },
  };
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

export function jobEmailHost(deps: JobEmailDeps) {
  const app = new Hono();
  const limits = deps.limits ?? mailLimits(deps.perVisitor, deps.perMinute);

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

      const token = c.req.header(VISITOR_HEADER);
      let visitor = `address:${clientAddress(c, deps.trustedProxies)}`;
      if (token !== undefined) {
        const checked = await deps.visitors.check(token);
        if (!checked.ok) return fail(c, 401, checked.error);
        visitor = `visitor:${checked.visitor}`;
      }
      const refused = await limits.take(visitor);
      if (refused) {
        c.header('Retry-After', String(refused.retryAfterSeconds));
        return fail(c, 429, refused.message);
      }

      await deps.outbox.queue(id, address);
      c.header('Cache-Control', 'no-store');
      return c.json({ queued: true }, 202);
    },
  );
  return app;
}
