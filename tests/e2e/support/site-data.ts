// What the e2e build produced: the tenants and styles the pages were built from.
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { SiteData, TenantBranding } from '../../../contract/index.ts';

export function readSiteData(): SiteData {
  return JSON.parse(readFileSync(inject('siteDataFile'), 'utf8'));
}

export function tenant(slug: string): TenantBranding {
  const data = readSiteData();
  const found = data.tenants.find((t) => t.slug === slug);
  if (!found) throw new Error(`tenant ${slug} was not built`);
  return found;
}

/**
 * A tenant added for the e2e run: no background image, and a logo the build refuses. Its pages
 * fall back to the default tenant's local images.
 */
export const IMAGELESS_TENANT = {
  slug: 'plainfolk',
  client: 'Plainfolk Fair',
  viewFinderTitle: 'Plainfolk Fair booth',
  viewFinderDesc: 'A tenant with no images of its own.',
  logoUrl: 'javascript:alert(1)',
  backgroundColor: '#1d1d3a',
  textColor: '#f4f4f4',
  accentColor: '#ffcc33',
} as const;

/** A tenant added for the e2e run that asks for leads before the camera (contract/leads.ts). */
export const LEAD_TENANT = {
  slug: 'leadfolk',
  client: 'Leadfolk Expo',
  backgroundColor: '#14213d',
  textColor: '#ffffff',
  accentColor: '#fca311',
  leadFields: ['name', 'email', 'company'],
  leadPlace: 'camera',
  leadConsentText: 'Yes, Leadfolk Expo may email me about its next expo.',
  leadPrivacyUrl: 'https://leadfolk.example/privacy',
} as const;

/**
 * A tenant added for the e2e run in French that asks for leads before the camera: the lead form
 * in a language other than English (tests/e2e/site/languages.test.ts).
 */
export const FRENCH_LEAD_TENANT = {
  slug: 'salon',
  client: 'Salon des Métiers',
  viewFinderTitle: 'Votre portrait du Salon',
  viewFinderDesc: 'Prenez un selfie, choisissez un style.',
  backgroundColor: '#1b263b',
  textColor: '#ffffff',
  accentColor: '#e9c46a',
  language: 'fr',
  leadFields: ['name', 'email', 'company'],
  leadPlace: 'camera',
  leadConsentText: "Oui, le Salon des Métiers peut m'écrire au sujet de sa prochaine édition.",
  leadPrivacyUrl: 'https://salon.example/confidentialite',
} as const;

/**
 * A tenant added for the e2e run in English whose guests may switch to French or Arabic: the
 * language menu (tests/e2e/site/language-menu.test.ts, tests/a11y/languages.test.ts).
 */
export const MENU_TENANT = {
  slug: 'duo',
  client: 'Duo Festival',
  viewFinderTitle: 'Duo Festival',
  viewFinderDesc: 'Selfie, style, sourire.',
  backgroundColor: '#22223b',
  textColor: '#ffffff',
  accentColor: '#c9ada7',
  languages: ['en', 'fr', 'ar'],
} as const;

/**
 * A tenant added for the e2e run in English whose guests may switch to French or Arabic, and that
 * allows kiosks (Print, the QR code, consent for every guest): a kiosk in a guest's language
 * (tests/e2e/site/kiosk-languages.test.ts, tests/a11y/kiosk-languages.test.ts).
 */
export const KIOSK_MENU_TENANT = {
  slug: 'trio',
  client: 'Trio Expo',
  viewFinderTitle: 'Trio Expo',
  viewFinderDesc: 'Selfie, style, smile.\nThen share it with your friends.',
  backgroundColor: '#22223b',
  textColor: '#ffffff',
  accentColor: '#c9ada7',
  languages: ['en', 'fr', 'ar'],
  kioskIdleSeconds: 30,
  kioskPrint: true,
  qrHandoff: true,
  consentText: 'Trio Expo may use my photo to make my picture.',
} as const;

/**
 * Tenants added for the e2e run, one in each shipped language the demo tenants (French, Arabic)
 * leave out, with their own texts in it: every screen walked with no English left
 * (tests/e2e/site/languages.test.ts) and checked by axe (tests/a11y/languages.test.ts).
 */
export const LANGUAGE_TENANTS = [
  {
    slug: 'sommerfest',
    client: 'Sommerfest am Hafen',
    viewFinderTitle: 'Die Fotobox vom Sommerfest',
    viewFinderDesc: 'Mach ein Selfie und such dir einen Stil aus.',
    backgroundColor: '#14213d',
    textColor: '#fdf0d5',
    accentColor: '#fca311',
    language: 'de',
  },
  {
    slug: 'verbena',
    client: 'Verbena del Puerto',
    viewFinderTitle: 'El fotomatón de la Verbena',
    viewFinderDesc: 'Hazte un selfi y elige un estilo.',
    backgroundColor: '#fbf6ee',
    textColor: '#2b2118',
    accentColor: '#0f6e5c',
    language: 'es',
  },
  {
    slug: 'sagra',
    client: 'Sagra del Porto',
    viewFinderTitle: 'La cabina foto della Sagra',
    viewFinderDesc: 'Scatta un selfie e scegli uno stile.',
    backgroundColor: '#1d1d3a',
    textColor: '#f4f4f4',
    accentColor: '#ffcc33',
    language: 'it',
  },
  {
    slug: 'kermis',
    client: 'Kermis aan Zee',
    viewFinderTitle: 'De fotohoek van de Kermis',
    viewFinderDesc: 'Maak een selfie en kies een stijl.',
    backgroundColor: '#22223b',
    textColor: '#ffffff',
    accentColor: '#c9ada7',
    language: 'nl',
  },
  {
    slug: 'arraial',
    client: 'Arraial da Praia',
    viewFinderTitle: 'A cabine de fotos do Arraial',
    viewFinderDesc: 'Tire uma selfie e escolha um estilo.',
    backgroundColor: '#1b263b',
    textColor: '#ffffff',
    accentColor: '#e9c46a',
    language: 'pt',
  },
] as const;
