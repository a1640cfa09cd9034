// Opt-in leads: a tenant may ask its guests for a name, an email address and a company, with a
// marketing-consent box in its own words and a link to its privacy policy, either before the
// camera or with "Email me my picture". Off unless the tenant's branding names fields, so the
// spec's booth stays the default. The rules here are the page's and the server's alike.
//
// POST {ai host}/transformations/leads/{tenant}/  body {name?, email?, company?, consent, job?} -> 201 {stored: true}
// Not in the spec's call table: a compatible addition the embedded AI hub answers.
import { z } from 'zod/mini';
import { emailAddressProblem } from './delivery.ts';
import { fill } from './i18n/fill.ts';

/** The fields a tenant may ask for, in the order a form shows them. */
export const LEAD_FIELDS = ['name', 'email', 'company'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/** Where the form is: before the camera opens, or with "Email me my picture" on the results screen. */
export const LEAD_PLACES = ['camera', 'email'] as const;
export type LeadPlace = (typeof LEAD_PLACES)[number];

/** Days a lead is kept after it was given: a tenant chooses within these bounds. */
export const LEAD_RETENTION_DAYS_MIN = 1;
export const LEAD_RETENTION_DAYS_MAX = 730;
export const DEFAULT_LEAD_RETENTION_DAYS = 90;

/** A name or a company longer than this is refused: nobody's is, and every CSV cell stays short. */
export const LEAD_TEXT_MAX_LENGTH = 100;
/** The tenant's consent wording is cut to this. */
export const LEAD_CONSENT_TEXT_LIMIT = 500;

/** The lead fields of a tenant's branding, after validation. */
export interface LeadKit {
  /** The fields asked for, in LEAD_FIELDS' order; [] = no form (off). */
  leadFields: readonly LeadField[];
  /** Where the form is. With 'email' the address is the one typed for the picture. */
  leadPlace: LeadPlace;
  /** The marketing-consent box's wording; '' = no box. */
  leadConsentText: string;
  /** The tenant's privacy policy, linked under the form; '' = none. */
  leadPrivacyUrl: string;
  /** Days a lead is kept; 0 = DEFAULT_LEAD_RETENTION_DAYS. */
  leadRetentionDays: number;
}

export const LEADS_OFF: Readonly<LeadKit> = /* @__PURE__ */ Object.freeze({
  leadFields: Object.freeze([]) as readonly LeadField[],
  leadPlace: 'camera',
  leadConsentText: '',
  leadPrivacyUrl: '',
  leadRetentionDays: 0,
});

/** Whether the tenant asks for leads at all. */
export const leadsOn = (b: Partial<LeadKit> | null | undefined): boolean => (b?.leadFields?.length ?? 0) > 0;

/** The days a tenant's leads are kept. */
export const leadRetentionDaysOf = (b: Partial<LeadKit> | null | undefined): number =>
  b?.leadRetentionDays && b.leadRetentionDays > 0 ? b.leadRetentionDays : DEFAULT_LEAD_RETENTION_DAYS;

export const leadRetentionProblem = (value: unknown): string | null =>
  value === 0 ||
  (Number.isInteger(value) &&
    (value as number) >= LEAD_RETENTION_DAYS_MIN &&
    (value as number) <= LEAD_RETENTION_DAYS_MAX)
    ? null
    : `is not a whole number of days from ${LEAD_RETENTION_DAYS_MIN} to ${LEAD_RETENTION_DAYS_MAX}, or 0 for ${DEFAULT_LEAD_RETENTION_DAYS} days`;

/** The lead fields of an item onto `branding`; a value that does not fit is refused and reported. */
export function resolveLeads(
  raw: Record<string, unknown>,
  branding: Partial<LeadKit>,
  refuse: (field: keyof LeadKit, value: unknown, why: string) => void,
  rules: { urlOk: (url: string) => boolean; clean: (text: string) => string },
): void {
  const fields = raw.leadFields;
  if (fields !== undefined && fields !== null) {
    if (Array.isArray(fields) && fields.every((f) => (LEAD_FIELDS as readonly unknown[]).includes(f)))
      branding.leadFields = LEAD_FIELDS.filter((f) => fields.includes(f));
    else refuse('leadFields', JSON.stringify(fields).slice(0, 200), `is not a list of ${LEAD_FIELDS.join(', ')}`);
  }
  const place = raw.leadPlace;
  if (place !== undefined && place !== null) {
    if ((LEAD_PLACES as readonly unknown[]).includes(place)) branding.leadPlace = place as LeadPlace;
    else refuse('leadPlace', place, `is not ${LEAD_PLACES.join(' or ')}`);
  }
  const consent = raw.leadConsentText;
  if (typeof consent === 'string' && consent.trim() !== '')
    branding.leadConsentText = rules.clean(consent).slice(0, LEAD_CONSENT_TEXT_LIMIT);
  else if (consent !== undefined && consent !== null && typeof consent !== 'string')
    refuse('leadConsentText', consent, 'is not text');
  const privacy = raw.leadPrivacyUrl;
  if (typeof privacy === 'string' && privacy.trim() !== '') {
    if (rules.urlOk(privacy.trim())) branding.leadPrivacyUrl = privacy.trim();
    else refuse('leadPrivacyUrl', privacy, 'is not a plain http(s) URL');
  } else if (privacy !== undefined && privacy !== null && typeof privacy !== 'string')
    refuse('leadPrivacyUrl', privacy, 'is not text');
  const days = raw.leadRetentionDays;
  if (days !== undefined && days !== null) {
    const why = leadRetentionProblem(days);
    if (why) refuse('leadRetentionDays', days, why);
    else branding.leadRetentionDays = days as number;
  }
}

export const leadPath = (tenant: string) => `/transformations/leads/${encodeURIComponent(tenant)}/`;

/** What a guest sends: the fields the tenant asks for (others are ignored), and their tick. */
export const LeadRequestSchema = z.object({
  name: z.optional(z.string()),
  email: z.optional(z.string()),
  company: z.optional(z.string()),
  consent: z.boolean(),
});
export type LeadRequest = z.infer<typeof LeadRequestSchema>;
export const LeadResponseSchema = z.looseObject({ stored: z.boolean() });

/** A lead as the booth keeps it. */
export interface Lead {
  name: string;
  email: string;
  company: string;
  consent: boolean;
}

export const LEAD_TEXT = {
  heading: 'Stay in touch',
  name: 'Your name',
  email: 'Your email address',
  company: 'Your company',
  optional: '(optional)',
  continue: 'Continue',
  skip: 'Skip',
  privacyLink: 'Privacy policy',
  /** {max}: LEAD_TEXT_MAX_LENGTH. */
  nameTooLong: 'That name is too long; it can be at most {max} characters.',
  companyTooLong: 'That company name is too long; it can be at most {max} characters.',
  oneLine: 'Enter it on one line.',
  nothingGiven: 'Fill in at least one field, or choose Skip.',
  notSaved: 'Your details could not be saved. Please try again, or choose Skip.',
  /** After the privacy link, for screen readers. */
  opensNewTab: ' (opens in a new tab)',
} as const;

/** The form's words in one language (contract/i18n/, section lead). */
export type LeadText = { readonly [K in keyof typeof LEAD_TEXT]: string };
/** The sentences about an email address (contract/delivery.ts), in the same language. */
export type AddressText = NonNullable<Parameters<typeof emailAddressProblem>[1]>;

// Letters of every script, marks, digits, spaces and the punctuation of names and firms; no
// control characters (a newline, a tab), which no name has and a header or a CSV row would carry.
const isControl = (c: number) => c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029;
const hasControl = (value: string) => [...value].some((ch) => isControl(ch.codePointAt(0) ?? 0));

function textProblem(value: string, tooLong: string, text: LeadText): string | null {
  if (value.length > LEAD_TEXT_MAX_LENGTH) return fill(tooLong, { max: LEAD_TEXT_MAX_LENGTH });
  if (hasControl(value)) return text.oneLine;
  return null;
}

/**
 * The problems of what a guest sent, field by field (the sentence each field's error shows), or
 * null; `asked`: the tenant's fields. An empty field is no problem: every field is optional, but
 * a lead must hold something. `text` and `addressText`: the page's words (English on the server,
 * which tells its sentences in the guest's language).
 */
export function leadProblems(
  lead: Partial<Lead>,
  asked: readonly LeadField[],
  text: LeadText = LEAD_TEXT,
  addressText?: AddressText,
): Partial<Record<LeadField, string>> | null {
  const problems: Partial<Record<LeadField, string>> = {};
  const name = lead.name?.trim() ?? '';
  const company = lead.company?.trim() ?? '';
  const email = lead.email?.trim() ?? '';
  if (asked.includes('name') && name) {
    const why = textProblem(lead.name ?? '', text.nameTooLong, text);
    if (why) problems.name = why;
  }
  if (asked.includes('company') && company) {
    const why = textProblem(lead.company ?? '', text.companyTooLong, text);
    if (why) problems.company = why;
  }
  if (asked.includes('email') && (email || (lead.email ?? '').length > 0)) {
    const why = emailAddressProblem(lead.email ?? '', addressText);
    if (why) problems.email = why;
  }
  if (Object.keys(problems).length > 0) return problems;
  const given = asked.some((f) => ({ name, email, company })[f] !== '');
  if (!given) return { [asked[0] ?? 'name']: text.nothingGiven };
  return null;
}

/** What the booth keeps of a request that passed leadProblems: the asked fields, trimmed. */
export function leadOf(lead: Partial<Lead>, asked: readonly LeadField[]): Lead {
  const field = (f: LeadField) => (asked.includes(f) ? (lead[f]?.trim() ?? '') : '');
  return { name: field('name'), email: field('email'), company: field('company'), consent: lead.consent === true };
}

// The console's calls (after its session check; a tenant account reaches its own tenant only):
// GET  /admin/api/tenants/{slug}/leads.csv               the tenant's leads as CSV
// POST /admin/api/tenants/{slug}/leads/forget {address}  -> {deleted}: every lead with that address
// GET  /admin/api/tenants/{slug}/tally                   -> EventTally
export const LeadForgetSchema = z.object({ address: z.string() });
export const LeadForgetResponseSchema = z.looseObject({ deleted: z.number() });

/** The event page's figures beside the jobs': the wall, the emails and the leads of a tenant. */
export interface EventTally {
  /** Pictures on the wall now, and waiting for approval (null: the tenant's wall is off). */
  wall: { shown: number; waiting: number } | null;
  /** Emails sent and given up since the tenant was made (null: this booth sends no mail). */
  emails: { sent: number; failed: number } | null;
  /** Leads kept now (null: this node keeps none). */
  leads: number | null;
}
export const EventTallySchema = z.looseObject({
  wall: z.nullable(z.object({ shown: z.number(), waiting: z.number() })),
  emails: z.nullable(z.object({ sent: z.number(), failed: z.number() })),
  leads: z.nullable(z.number()),
});

export const LEADS_CONSOLE_TEXT = {
  heading: 'Leads',
  download: 'Download leads (CSV)',
  forgetLabel: 'Email address to delete',
  forget: 'Delete this address',
  forgot: (n: number) => (n === 1 ? 'Deleted 1 lead.' : `Deleted ${n} leads.`),
  figuresHeading: 'Wall, email and leads',
  shown: 'Pictures on the wall',
  waiting: 'Waiting for approval',
  sent: 'Emails sent',
  failed: 'Emails failed',
  leads: 'Leads collected',
} as const;
