import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, resolveBranding } from '../../../contract/branding.ts';
import { EMAIL_TEXT, emailAddressProblem } from '../../../contract/delivery.ts';

describe('one email address', () => {
  it.each(['guest@example.com', 'first.last+booth@mail.example.co.uk', "o'brien@example.ie"])('takes %s', (address) => {
    expect(emailAddressProblem(address)).toBeNull();
  });

  it.each([
    ['guest@example.com\nBcc: victim@example.org', EMAIL_TEXT.addressOneLine],
    ['guest@example.com\r\nSubject: spam', EMAIL_TEXT.addressOneLine],
    ['guest@example.com, other@example.org', EMAIL_TEXT.addressInvalid],
    ['Guest <guest@example.com>', EMAIL_TEXT.addressInvalid],
    ['guest@localhost', EMAIL_TEXT.addressInvalid],
    ['guest', EMAIL_TEXT.addressInvalid],
    [`${'a'.repeat(10_000)}@example.com`, EMAIL_TEXT.addressTooLong],
    ['   ', EMAIL_TEXT.addressMissing],
    [42, EMAIL_TEXT.addressMissing],
  ])('refuses %j with the sentence a guest reads', (address, sentence) => {
    expect(emailAddressProblem(address)).toBe(sentence);
  });
});

describe("a tenant's delivery fields", () => {
  it('are off by default: no email, and the booth retention', () => {
    const { branding, problems } = resolveBranding({ slug: 'gala' });
    expect(branding.email).toBe(false);
    expect(branding.resultHours).toBe(0);
    expect(problems).toEqual([]);
    expect(DEFAULT_BRANDING.email).toBe(false);
  });

  it.each([1, 24, 72, 720])('keeps results for %i hours', (hours) => {
    expect(resolveBranding({ slug: 'gala', resultHours: hours }).branding.resultHours).toBe(hours);
  });

  it.each([0.5, -1, 721, '24', true])('refuses %j hours with the field named in words', (hours) => {
    const resolved = resolveBranding({ slug: 'gala', resultHours: hours });
    expect(resolved.branding.resultHours).toBe(0);
    expect(resolved.fields).toEqual([
      expect.objectContaining({
        field: 'resultHours',
        kind: 'refused',
        message: expect.stringMatching(/^Results kept for \(hours\) is not a whole number of hours from 1 to 720/),
      }),
    ]);
  });

  it('refuses an email flag that is not true or false', () => {
    const resolved = resolveBranding({ slug: 'gala', email: 'yes' });
    expect(resolved.branding.email).toBe(false);
    expect(resolved.fields[0]?.message).toBe('Email delivery is not true or false.');
  });
});
