import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, resolveBranding } from '../../../contract/branding.ts';
import { EVENT_KIT_OFF } from '../../../contract/index.ts';

describe('the event kit in a tenant branding', () => {
  it('is off unless the tenant turns it on', () => {
    const { branding, problems } = resolveBranding({ slug: 'plain', client: 'Plain' });
    expect(branding).toMatchObject(EVENT_KIT_OFF);
    expect(DEFAULT_BRANDING).toMatchObject(EVENT_KIT_OFF);
    expect(problems).toEqual([]);
  });

  it('takes every field a tenant sets within its rules', () => {
    const { branding, problems } = resolveBranding({
      slug: 'gala',
      client: 'Gala',
      countdownSeconds: 5,
      choosePhoto: true,
      qrHandoff: true,
      kioskIdleSeconds: 90,
      frameUrl: 'gala/frame.png',
      logoMark: true,
      mirrorResult: true,
      consentText: '  We keep nothing.\r\nReally.  ',
      privacyUrl: 'https://gala.example/privacy',
      kioskPrint: false,
      wall: true,
      wallModeration: 'show',
      wallConsentCovered: true,
    });
    expect(problems).toEqual([]);
    expect(branding).toMatchObject({
      countdownSeconds: 5,
      choosePhoto: true,
      qrHandoff: true,
      kioskIdleSeconds: 90,
      frameUrl: 'gala/frame.png',
      logoMark: true,
      mirrorResult: true,
      consentText: 'We keep nothing.\nReally.',
      privacyUrl: 'https://gala.example/privacy',
      kioskPrint: false,
      wall: true,
      wallModeration: 'show',
      wallConsentCovered: true,
    });
  });

  it('refuses what does not fit, naming the tenant, the field and the default it keeps', () => {
    const { branding, problems } = resolveBranding({
      slug: 'odd',
      client: 'Odd',
      countdownSeconds: 4,
      choosePhoto: 'yes',
      mirrorResult: 1,
      kioskIdleSeconds: 5,
      frameUrl: 'javascript:alert(1)',
      privacyUrl: 'javascript:alert(1)',
      consentText: 42,
    });
    expect(branding).toMatchObject(EVENT_KIT_OFF);
    expect(problems).toEqual([
      expect.stringMatching(
        /^Tenant "Odd".*: Choose a photo "yes" is not true or false; the default "false" is used\.$/,
      ),
      expect.stringMatching(/Mirror results "1" is not true or false; the default "false" is used/),
      expect.stringMatching(/Countdown "4" is not one of 0, 3, 5; the default "0" is used/),
      expect.stringMatching(/Kiosk idle time "5" is not 0 \(off\) or a whole number of seconds from 10 to 3600/),
      expect.stringMatching(/Frame "javascript:alert\(1\)" uses a URL scheme other than https/),
      expect.stringMatching(/Consent text "42" is not text/),
      expect.stringMatching(/Privacy policy address "javascript:alert\(1\)" is not a plain http\(s\) URL/),
    ]);
  });

  it("takes the studio portrait's gradient background, and refuses a background it does not know", () => {
    expect(resolveBranding({ slug: 'gala', studioBackdrop: 'gradient' }).branding.studioBackdrop).toBe('gradient');
    const { branding, problems } = resolveBranding({ slug: 'odd', client: 'Odd', studioBackdrop: 'sparkles' });
    expect(branding.studioBackdrop).toBe('blur');
    expect(problems).toEqual([
      expect.stringMatching(
        /Studio portrait background "sparkles" is not one of blur, gradient; the default "blur" is used/,
      ),
    ]);
  });

  it('keeps Print on for the kiosks of a tenant that allowed kiosks before the setting', () => {
    expect(resolveBranding({ slug: 'old', kioskIdleSeconds: 60 }).branding).toMatchObject({
      kioskIdleSeconds: 60,
      kioskPrint: true,
    });
  });

  it('keeps the event wall off, asking approval first, unless the tenant says otherwise; refuses what is not a choice', () => {
    expect(resolveBranding({ slug: 'plain' }).branding).toMatchObject({
      wall: false,
      wallModeration: 'approve',
      wallConsentCovered: false,
    });
    const { branding, problems } = resolveBranding({
      slug: 'odd',
      client: 'Odd',
      wall: 'on',
      wallModeration: 'never',
      wallConsentCovered: 1,
    });
    expect(branding).toMatchObject({ wall: false, wallModeration: 'approve', wallConsentCovered: false });
    expect(problems).toEqual([
      expect.stringMatching(/^Tenant "Odd".*: Event wall "on" is not true or false; the default "false" is used\.$/),
      expect.stringMatching(/Consent covers the wall "1" is not true or false; the default "false" is used/),
      expect.stringMatching(/Wall moderation "never" is not one of approve, show; the default "approve" is used/),
    ]);
  });

  it('cuts a consent text longer than a phone screen can hold', () => {
    const { branding } = resolveBranding({ slug: 'long', consentText: 'a'.repeat(5_000) });
    expect(branding.consentText).toHaveLength(1_000);
  });
});
