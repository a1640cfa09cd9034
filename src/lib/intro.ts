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

/** A line that speaks of downloading or sharing the picture: what a phone does, not a kiosk. */
const PHONE_PROMISE = /\b(download|share)/i;

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
    if (!PHONE_PROMISE.test(text)) {
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
