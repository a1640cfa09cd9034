// The intro's paragraphs: the tenant's description, one paragraph per line (the spec). A kiosk
// offers no Download or Share, so on a tenant that allows kiosks a line that promises them is the
// phone booth's only, and a kiosk reads in its place how the picture goes home from there.
import type { Catalogue } from '../../contract/i18n/catalogue.ts';

export interface IntroParagraph {
  text: string;
  /** Shown on phones, hidden on a kiosk (booth.css). */
  phoneOnly?: boolean;
  /** Shown on a kiosk only. */
  kioskOnly?: boolean;
}

/**
 * A line that speaks of downloading or sharing the picture (what a phone does, not a kiosk), in
 * each of the booth's languages (contract/i18n/): a tenant's intro is in its own words, in its
 * language or another, so every language's verbs are looked for, in the forms an intro tells a
 * guest (download it, téléchargez-la, lad es herunter, نزّلوها), matched without accents or Arabic's
 * vowel marks (descárgala, نزِّلها), Arabic with the conjunctions و and ف that join the verb.
 */
const PHONE_PROMISE: readonly RegExp[] = [
  /\b(download|share)/i, // en (and nl's downloaden)
  /\b(telecharg|partag)/i, // fr
  /\b(herunterlad|lad\w* \S+ herunter|teile?n? (es|ihn|sie|dein)\b)/i, // de
  /\b(descarg|compart[ei])/i, // es
  /\b(scaric|condivid)/i, // it
  /\b(delen\b|deel (hem|het|ze|je)\b)/i, // nl
  /\b(baix(ar|e|em)\b|compartilh)/i, // pt
  /(^|[^\p{L}])[وف]?((نزل|حمل|شارك)(وا|و|ي)?(ها|ه)|تنزيل|تحميل)/u, // ar: the verb with its object (شاركوها), or the noun
];

const promisesPhoneWays = (line: string) => {
  // Accents and Arabic's vowel marks (fatha, shadda…) are marks once decomposed; the tatweel (ـ) only stretches a word.
  const bare = line.normalize('NFD').replace(/[\p{M}\u0640]/gu, '');
  return PHONE_PROMISE.some((pattern) => pattern.test(bare));
};

export function introParagraphs(
  description: string,
  kiosks: { allowed: boolean; qrHandoff: boolean },
  /** The kiosk's lines, in the page's language (contract/i18n/). */
  KIOSK_TEXT: Catalogue['kiosk'],
): IntroParagraph[] {
  const lines = description.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (!kiosks.allowed) return lines.map((text) => ({ text }));
  const out: IntroParagraph[] = [];
  for (const text of lines) {
    if (!promisesPhoneWays(text)) {
      out.push({ text });
      continue;
    }
    out.push({ text, phoneOnly: true });
    // Once, where the first such line stood.
    if (!out.some((p) => p.kioskOnly))
      out.push({ text: kiosks.qrHandoff ? KIOSK_TEXT.introTakeHome : KIOSK_TEXT.introPrint, kioskOnly: true });
  }
  return out;
}
