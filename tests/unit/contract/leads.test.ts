// The lead rules the page and the server share (contract/leads.ts): the tenant's settings as the
// build reads them, and what a guest may send.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, resolveBranding } from '../../../contract/branding.ts';
import { EMAIL_TEXT } from '../../../contract/delivery.ts';
import {
  DEFAULT_LEAD_RETENTION_DAYS,
  LEAD_TEXT,
  leadOf,
  leadProblems,
  leadRetentionDaysOf,
  leadsOn,
} from '../../../contract/leads.ts';

describe('lead settings', () => {
  it('are off by default, so the spec booth asks for nothing', () => {
    expect(leadsOn(DEFAULT_BRANDING)).toBe(false);
    expect(leadRetentionDaysOf(DEFAULT_BRANDING)).toBe(DEFAULT_LEAD_RETENTION_DAYS);
  });

  it('take the fields in the form order, the place, the wording, the privacy link and the retention', () => {
    const { branding, problems } = resolveBranding(
      {
        slug: 'harbour',
        leadFields: ['company', 'name'],
        leadPlace: 'email',
        leadConsentText: 'Yes, send me news.',
        leadPrivacyUrl: 'https://harbour.example/privacy',
        leadRetentionDays: 30,
      },
      DEFAULT_BRANDING,
    );
    expect(problems).toEqual([]);
    expect(branding).toMatchObject({
      leadFields: ['name', 'company'],
      leadPlace: 'email',
      leadConsentText: 'Yes, send me news.',
      leadPrivacyUrl: 'https://harbour.example/privacy',
      leadRetentionDays: 30,
    });
  });

  it('refuse values that do not fit, naming the field in words', () => {
    const { branding, problems } = resolveBranding(
      {
        slug: 'harbour',
        leadFields: ['name', 'phone'],
        leadPlace: 'door',
        leadPrivacyUrl: 'javascript:alert(1)',
        leadRetentionDays: 731,
      },
      DEFAULT_BRANDING,
    );
    expect(branding.leadFields).toEqual([]);
    expect(problems.join('\n')).toMatch(/Lead fields .* is not a list of name, email, company/);
    expect(problems.join('\n')).toMatch(/Where leads are asked for "door" is not camera or email/);
    expect(problems.join('\n')).toMatch(/Leads privacy policy address .* is not a plain http\(s\) URL/);
    expect(problems.join('\n')).toMatch(/Leads kept for \(days\) "731" is not a whole number of days from 1 to 730/);
  });
});

describe('leadProblems', () => {
  const all = ['name', 'email', 'company'] as const;
  it('accepts any one field, markup included (it is shown as text)', () => {
    expect(leadProblems({ name: '<b>Ada</b>', consent: false }, all)).toBeNull();
    expect(leadProblems({ email: 'ada@example.com', consent: true }, all)).toBeNull();
  });

  it.each([
    [{ name: 'a'.repeat(101) }, 'name', 'That name is too long; it can be at most 100 characters.'],
    [{ name: 'Ada\nBcc: x@example.org' }, 'name', LEAD_TEXT.oneLine],
    [{ company: 'Firm\u2028Ltd' }, 'company', LEAD_TEXT.oneLine],
    [{ email: 'ada@example.com\r\nSubject: x' }, 'email', EMAIL_TEXT.addressOneLine],
    [{}, 'name', LEAD_TEXT.nothingGiven],
  ])('refuses %j at its field', (lead, field, sentence) => {
    expect(leadProblems({ consent: true, ...lead }, all)).toEqual({ [field]: sentence });
  });

  it('keeps only the fields the tenant asks for, trimmed', () => {
    expect(leadOf({ name: ' Ada ', email: 'ada@example.com', company: 'X', consent: true }, ['name'])).toEqual({
      name: 'Ada',
      email: '',
      company: '',
      consent: true,
    });
  });
});
