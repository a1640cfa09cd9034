import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '../../../contract/branding.ts';
import { mailLanguage } from '../../../server/hosts/job-email.ts';
import { pictureMail } from '../../../server/mail/message.ts';
import { CATALOGUES, fill } from '../../../contract/i18n/index.ts';

const picture = {
  file: '/data/results/job/1.png',
  url: 'https://booth.example.org/media/results/job/1.png',
  keptUntil: 0,
};

describe("the guest's email", () => {
  it("is in the tenant's language, its date as that language writes it", () => {
    const mail = pictureMail(
      { ...DEFAULT_BRANDING, client: 'Soirée Lumière', language: 'fr' },
      'invite@example.com',
      { ...picture, keptUntil: Date.UTC(2026, 10, 28, 14, 5) },
      null,
    );
    expect(mail.subject).toBe(fill(CATALOGUES.fr.guest.mailSubject, { client: 'Soirée Lumière' }));
    expect(mail.text).toContain(fill(CATALOGUES.fr.guest.mailIntro, { client: 'Soirée Lumière' }));
    expect(mail.text).toContain('28 novembre 2026');
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
    expect(mail.html).not.toContain('Your picture');
    const arabic = pictureMail(
      { ...DEFAULT_BRANDING, client: 'مهرجان نور', language: 'ar' },
      'a@example.com',
      picture,
      null,
    );
    expect(arabic.subject).toBe(fill(CATALOGUES.ar.guest.mailSubject, { client: 'مهرجان نور' }));
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("uses the tenant's own words where it has them, in its language", () => {
    const mail = pictureMail(
      {
        ...DEFAULT_BRANDING,
        client: 'Soirée Lumière',
        language: 'fr',
        textOverrides: { fr: { 'guest.mailSubject': 'Un souvenir de {client}' }, en: { 'guest.mailOpen': 'Look' } },
      },
      'invite@example.com',
      picture,
      null,
    );
    expect(mail.subject).toBe('Un souvenir de Soirée Lumière');
    expect(mail.text).toContain(fill(CATALOGUES.fr.guest.mailIntro, { client: 'Soirée Lumière' }));
    expect(mail.html).toContain(CATALOGUES.fr.guest.mailOpen);
  });

  it("is in the guest's language when given one, with the tenant's own words and date for it", () => {
    const mail = pictureMail(
      {
        ...DEFAULT_BRANDING,
        client: 'Gala Night',
        languages: ['en', 'fr'],
        textOverrides: { fr: { 'guest.mailSubject': 'Un souvenir de {client}' }, en: { 'guest.mailOpen': 'Look' } },
      },
      'guest@example.com',
      { ...picture, keptUntil: Date.UTC(2026, 10, 28, 14, 5) },
      null,
      'fr',
    );
    expect(mail.subject).toBe('Un souvenir de Gala Night');
    expect(mail.text).toContain(fill(CATALOGUES.fr.guest.mailIntro, { client: 'Gala Night' }));
    expect(mail.text).toContain('28 novembre 2026');
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
    expect(mail.html).not.toContain('Look');
  });

  it("takes the language a guest's call names when the tenant offers it, else the tenant's own", () => {
    expect(mailLanguage('fr-FR,fr;q=0.9,en;q=0.8', ['en', 'fr'])).toBe('fr');
    expect(mailLanguage('de', ['en', 'fr'])).toBe('en');
    expect(mailLanguage('ja', ['fr', 'en'])).toBe('fr');
    expect(mailLanguage(undefined, ['fr', 'en'])).toBe('fr');
    // The tenant's languages are not known here (an older control node): the sender uses the tenant's own.
    expect(mailLanguage('fr', [])).toBeNull();
  });

  it("is in the tenant's name and colours, with the picture attached as the spec's share file", () => {
    const mail = pictureMail(
      { ...DEFAULT_BRANDING, client: 'Gala Night', backgroundColor: '#1a1423', accentColor: '#e0b84f' },
      'guest@example.com',
      picture,
      '/assets/gala/logo.png',
    );
    expect(mail.subject).toBe('Your picture from Gala Night');
    expect(mail.html).toContain('background:#1a1423');
    expect(mail.html).toContain('color:#e0b84f');
    expect(mail.text).toContain(picture.url);
    expect(mail.attachments).toEqual([
      { filename: 'ai_me.png', path: picture.file, cid: 'picture' },
      { filename: 'logo.png', path: '/assets/gala/logo.png', cid: 'logo' },
    ]);
  });

  it("shows markup in the tenant's name as text, and keeps the subject on one line", () => {
    const mail = pictureMail(
      { ...DEFAULT_BRANDING, client: '<img src=x onerror=alert(1)>\r\nBcc: x@example.org' },
      'guest@example.com',
      picture,
      null,
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.attachments).toHaveLength(1);
  });

  it('carries no link when the booth knows no public address', () => {
    const mail = pictureMail(null, 'guest@example.com', { ...picture, url: null }, null);
    expect(mail.text).not.toContain('http');
    expect(mail.html).not.toContain('href=');
    expect(mail.subject).toBe(`Your picture from ${DEFAULT_BRANDING.client}`);
  });
});
