// The console's form model: what it sends, and the problems it shows while typing, from the
// build's own rule (contract/branding.ts).
import { describe, expect, it } from 'vitest';
import { check, imageAddress, toForm, toItem } from '../../../console/branding-form.ts';
import { parseRoute } from '../../../console/state.ts';

describe('the console branding form', () => {
  it("sends the guests' languages with the tenant's own first, and none when it offers only its own", () => {
    const form = toForm({ slug: 'duo', language: 'fr', languages: ['fr', 'en', 'ar'] });
    expect(form.languages).toEqual(['fr', 'en', 'ar']);
    expect(toItem(form, 'duo').languages).toEqual(['fr', 'en', 'ar']);
    expect(check(form, 'duo').branding.languages).toEqual(['fr', 'en', 'ar']);
    expect(toItem({ ...form, languages: [] }, 'duo').languages).toBeUndefined();
    expect(toItem({ ...form, language: 'en', languages: ['de'] }, 'duo').languages).toEqual(['en', 'de']);
  });

  it('round-trips a stored item, leaving empty fields out so the defaults apply', () => {
    const stored = {
      slug: 'gala',
      client: 'Gala',
      backgroundColor: '#102030',
      countdownSeconds: 3,
      qrHandoff: true,
      kioskIdleSeconds: 60,
      styles: ['comic', 'neon'],
    };
    const form = toForm(stored);
    expect(form.countdownSeconds).toBe('3');
    expect(form.textColor).toBe('');
    expect(toItem(form, 'gala')).toEqual({
      slug: 'gala',
      client: 'Gala',
      backgroundColor: '#102030',
      countdownSeconds: 3,
      kioskIdleSeconds: 60,
      choosePhoto: false,
      qrHandoff: true,
      logoMark: false,
      mirrorResult: false,
      studioBackdrop: 'blur',
      kioskPrint: true,
      wall: false,
      wallModeration: 'approve',
      wallConsentCovered: false,
      styles: ['comic', 'neon'],
    });
  });

  it('carries the tries per guest, and keeps the refused words and their sentence it shows no field for', () => {
    const stored = {
      slug: 'gala',
      triesPerGuest: 2,
      refusedWords: ['idiot', 'loser'],
      refusedWordsText: 'Please choose other words.',
    };
    const form = toForm(stored);
    expect(form.triesPerGuest).toBe('2');
    expect(toItem(form, 'gala')).toMatchObject(stored);
    expect(toItem(toForm({ slug: 'plain' }), 'plain')).not.toHaveProperty('triesPerGuest');
    expect(check({ ...form, triesPerGuest: '9' }, 'gala').refused.triesPerGuest).toEqual([
      'Tries per guest is not a whole number from 0 (off) to 5.',
    ]);
  });

  it('carries the event wall settings both ways, and the rule refuses a moderation that is not one of its choices', () => {
    const form = toForm({ slug: 'gala', wall: true, wallModeration: 'show', wallConsentCovered: true });
    expect(form).toMatchObject({ wall: true, wallModeration: 'show', wallConsentCovered: true });
    expect(toItem(form, 'gala')).toMatchObject({ wall: true, wallModeration: 'show', wallConsentCovered: true });
    const odd = check({ ...form, wallModeration: 'later' }, 'gala');
    expect(odd.refused.wallModeration).toEqual(['Wall moderation is not one of approve, show.']);
    expect(odd.branding.wallModeration).toBe('approve');
  });

  it('carries the lead settings both ways, so saving a tenant in the console keeps them', () => {
    const stored = {
      slug: 'gala',
      leadFields: ['name', 'company'],
      leadPlace: 'email',
      leadConsentText: 'Yes, send me news.',
      leadPrivacyUrl: 'https://gala.example/privacy',
      leadRetentionDays: 30,
    };
    const form = toForm(stored);
    expect(form).toMatchObject({ leadName: true, leadEmail: false, leadCompany: true, leadRetentionDays: '30' });
    expect(toItem(form, 'gala')).toMatchObject(stored);
    const odd = check({ ...form, leadRetentionDays: '1000' }, 'gala');
    expect(odd.refused.leadRetentionDays?.[0]).toMatch(
      /^Leads kept for \(days\) is not a whole number of days from 1 to 730/,
    );
    expect(toItem({ ...form, leadName: false, leadCompany: false }, 'gala')).not.toHaveProperty('leadFields');
  });

  it("reads a tenant's one scene saved before there were several as its first backdrop, and saves the list with it", () => {
    const form = toForm({ slug: 'meadow', sceneUrl: 'meadow/scene.jpg' });
    expect(form.sceneUrls).toEqual(['meadow/scene.jpg']);
    form.sceneUrls = [...form.sceneUrls, 'meadow/scene-2.jpg'];
    expect(toItem(form, 'meadow')).toMatchObject({
      sceneUrls: ['meadow/scene.jpg', 'meadow/scene-2.jpg'],
      sceneUrl: 'meadow/scene.jpg',
    });
    expect(check(form, 'meadow').branding.sceneUrls).toEqual(['meadow/scene.jpg', 'meadow/scene-2.jpg']);
    form.sceneUrls = [];
    expect(toItem(form, 'meadow')).not.toHaveProperty('sceneUrl');
  });

  it('keeps Print on for the kiosks of a tenant saved before the setting, and off once turned off', () => {
    expect(toForm({ slug: 'gala', kioskIdleSeconds: 60 }).kioskPrint).toBe(true);
    expect(toItem(toForm({ slug: 'gala', kioskPrint: false }), 'gala')).toMatchObject({ kioskPrint: false });
    expect(check({ ...toForm({ slug: 'x' }), kioskIdleSeconds: '60', kioskPrint: false }, 'x').branding).toMatchObject({
      kioskIdleSeconds: 60,
      kioskPrint: false,
    });
  });

  it("keeps a tenant's mirrored results on, and sends the flag off when it was never set", () => {
    expect(toForm({ slug: 'gala', mirrorResult: true }).mirrorResult).toBe(true);
    expect(toItem(toForm({ slug: 'gala', mirrorResult: true }), 'gala')).toMatchObject({ mirrorResult: true });
    expect(toItem(toForm({ slug: 'gala' }), 'gala')).toMatchObject({ mirrorResult: false });
    expect(check({ ...toForm({ slug: 'x' }), mirrorResult: true }, 'x').branding.mirrorResult).toBe(true);
  });

  it("keeps a tenant's studio gradient, and sends the blurred background when it was never set", () => {
    expect(toForm({ slug: 'gala', studioBackdrop: 'gradient' }).studioBackdrop).toBe('gradient');
    expect(toItem(toForm({ slug: 'gala', studioBackdrop: 'gradient' }), 'gala')).toMatchObject({
      studioBackdrop: 'gradient',
    });
    expect(toItem(toForm({ slug: 'gala' }), 'gala')).toMatchObject({ studioBackdrop: 'blur' });
    expect(check({ ...toForm({ slug: 'x' }), studioBackdrop: 'gradient' }, 'x').branding.studioBackdrop).toBe(
      'gradient',
    );
  });

  it('names a refused field and a contrast warning as the build would', () => {
    const form = {
      ...toForm({ slug: 'x' }),
      accentColor: 'not-a-colour',
      textColor: '#777777',
      backgroundColor: '#888888',
      kioskIdleSeconds: '5',
    };
    const checked = check(form, 'x');
    expect(checked.refused.accentColor).toEqual(['Accent colour is not a CSS colour.']);
    expect(checked.refused.kioskIdleSeconds?.[0]).toContain('is not 0 (off)');
    expect(checked.warnings.textColor?.[0]).toContain('under the 4.5:1');
    // What the preview paints: the default for a refused colour, the hex of a good one.
    expect(checked.branding.backgroundColor).toBe('#888888');
    expect(checked.branding.accentColor).not.toBe('not-a-colour');
  });

  it('finds no problem in good values, and reads a colour name as its hex', () => {
    const checked = check({ ...toForm({ slug: 'x' }), backgroundColor: 'navy', textColor: 'white' }, 'x');
    expect(checked.refused).toEqual({});
    expect(checked.warnings).toEqual({});
    expect(checked.branding.backgroundColor).toBe('#000080');
  });

  it('shows a bucket image from the tenant files and a URL as it is', () => {
    expect(imageAddress('gala/logo-abc.png')).toBe('/media/tenants/gala/logo-abc.png');
    expect(imageAddress('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    expect(imageAddress('/assets/logo.svg')).toBe('/assets/logo.svg');
    expect(imageAddress('')).toBe('');
  });
});

describe('the console routes', () => {
  it('reads each page from the fragment, and nothing else', () => {
    expect(parseRoute('')).toEqual({ name: 'tenants' });
    expect(parseRoute('#/new')).toEqual({ name: 'new-tenant' });
    expect(parseRoute('#/tenants/gala')).toEqual({ name: 'tenant', slug: 'gala' });
    expect(parseRoute('#/tenants/gala/event')).toEqual({ name: 'event', slug: 'gala' });
    expect(parseRoute('#/publish')).toEqual({ name: 'publish' });
    expect(parseRoute('#/tenants/../x')).toEqual({ name: 'not-found' });
    expect(parseRoute('#/tenants/Gala')).toEqual({ name: 'not-found' });
    expect(parseRoute('#/tenants/gala/texts')).toEqual({ name: 'texts', slug: 'gala' });
    expect(parseRoute('#/tenants/gala/words')).toEqual({ name: 'not-found' });
  });

  it('keeps the own texts saved on their page when the branding is saved, and leaves none out', () => {
    const textOverrides = { fr: { 'spec.start': 'On y va' } };
    expect(toItem(toForm({ slug: 'gala', textOverrides }), 'gala').textOverrides).toEqual(textOverrides);
    expect(toItem(toForm({ slug: 'gala' }), 'gala')).not.toHaveProperty('textOverrides');
    expect(toItem(toForm({ slug: 'gala', textOverrides: { fr: {} } }), 'gala')).not.toHaveProperty('textOverrides');
  });
});
