// POST /transformations/leads/{tenant}/ {name?, email?, company?, consent}: a guest's opt-in lead
// (contract/leads.ts). A compatible addition to the AI hub, mounted beside it. The checks,
// cheapest first: a tenant slug, the tenant asks for leads (its published branding), a JSON body
// whose fields pass the page's own rule (a newline, a header, an overlong name: 400 with the
// sentence each field shows), the visitor's limit; then the lead is stored (in the tenants' SQLite
// file, or on the scale-out path queued in Redis for the control node to store) and the answer is
// 201. Nothing of the lead reaches the log: the request line names the path only.
import { Hono } from 'hono';
import {
  DEFAULT_TENANT_SLUG,
  LEAD_TEXT,
  LeadRequestSchema,
  leadOf,
  leadProblems,
  quoted,
  type Lead,
  type LeadKit,
} from '../../contract/index.ts';
import { slugProblem } from '../../contract/slug.ts';
import { GUEST_TEXT } from '../../contract/i18n/en.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { localMinuteLimits, type MinuteLimits } from '../limits/minute-limits.ts';
import type { VisitorTokens } from '../limits/visitor-tokens.ts';
import { guestRefusal } from './guest-limits.ts';
import { fail, guestSentences, limitBody, MAX_JSON_BODY_BYTES, sizeText } from './http.ts';

type Maybe<T> = T | Promise<T>;

export interface LeadsHostDeps {
  /** The tenant's lead settings as its published pages show them; undefined: no such tenant. */
  settings(tenant: string): Maybe<Pick<LeadKit, 'leadFields'> | undefined>;
  /** Kept before the answer: stored, or queued where it survives a restart (scale/lead-queue.ts). */
  store(tenant: string, lead: Lead): Maybe<unknown>;
  visitors: VisitorTokens;
  trustedProxies: ReadonlySet<string>;
  /** Leads one visitor (a token) may send a minute; an address without a token (a venue's guests together), six times that. */
  perVisitor: number;
  /** Where the leads sent are counted; none: in this process. */
  limits?: MinuteLimits;
}

/** Leads one visitor may send a minute: a guest sends one; a retry after a typo, a few. */
export const LEADS_PER_VISITOR_PER_MINUTE = 5;

/** A venue's guests share one address: without a visitor token, an address may send this many times more. */
const ADDRESS_FACTOR = 6;

export const LEAD_MESSAGES = {
  noTenant: (slug: string) => `There is no tenant ${quoted(slug.slice(0, 80))} on this booth.`,
  off: GUEST_TEXT.leadOff,
  json: 'Send the request body as JSON (Content-Type: application/json), like {"name": "Ada", "consent": true}.',
  shape: 'Send your details as text fields (name, email, company) and consent as true or false.',
  rate: (seconds: number) => fill(GUEST_TEXT.leadRate, { seconds }),
} as const;

export function leadsHost(deps: LeadsHostDeps) {
  const app = new Hono();
  const guests = { ...deps, limits: deps.limits ?? localMinuteLimits() };
  const buckets = ({ who, token }: { who: string; token: boolean }) => [
    token
      ? { kind: 'lead-visitor', who, perMinute: deps.perVisitor, rate: LEAD_MESSAGES.rate }
      : { kind: 'lead-address', who, perMinute: deps.perVisitor * ADDRESS_FACTOR, rate: LEAD_MESSAGES.rate },
  ];

  app.post(
    '/leads/:tenant',
    limitBody(MAX_JSON_BODY_BYTES, `The request is too large; the limit is ${sizeText(MAX_JSON_BODY_BYTES)}.`),
    async (c) => {
      const slug = c.req.param('tenant');
      if (slug !== DEFAULT_TENANT_SLUG && slugProblem(slug, new Set()))
        return fail(
          c,
          400,
          `${quoted(slug.slice(0, 80))} is not a tenant slug: lowercase letters, digits and hyphens.`,
        );
      const settings = await deps.settings(slug);
      if (!settings) return fail(c, 404, LEAD_MESSAGES.noTenant(slug));
      if (settings.leadFields.length === 0) return fail(c, 409, LEAD_MESSAGES.off);
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'application/json') return fail(c, 415, LEAD_MESSAGES.json);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return fail(c, 400, LEAD_MESSAGES.json);
      }
      const parsed = LeadRequestSchema.safeParse(body);
      if (!parsed.success) return fail(c, 400, LEAD_MESSAGES.shape);
      const problems = leadProblems(parsed.data, settings.leadFields);
      if (problems) {
        const first = Object.values(problems)[0] ?? LEAD_TEXT.notSaved;
        return fail(c, 400, first, { fields: guestSentences(c, problems) });
      }

      const refused = await guestRefusal(c, guests, buckets);
      if (refused) return refused;

      await deps.store(slug, leadOf(parsed.data, settings.leadFields));
      c.header('Cache-Control', 'no-store');
      return c.json({ stored: true }, 201);
    },
  );
  return app;
}
