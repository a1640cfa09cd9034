// A sentence the booth wrote in English, told in a guest's language: the server writes its
// refusals and job errors once, in English (the catalogue's), and answers each call in the
// language the calling page named (Accept-Language). Server-side: it holds every catalogue.
import { CATALOGUES, DEFAULT_LANGUAGE, isLanguage, type Language } from './index.ts';
import { fillCounted } from './plural.ts';

interface Known {
  section: (typeof SERVER_SECTIONS)[number];
  key: string;
  /** The English text with each placeholder a capture, in order. */
  pattern: RegExp;
  names: string[];
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sections of the sentences the server writes: its own to a guest, and the rules of the email, lead and words forms. */
const SERVER_SECTIONS = ['guest', 'email', 'lead', 'styleWords'] as const;

const KNOWN: Known[] = SERVER_SECTIONS.flatMap((section) =>
  Object.entries(CATALOGUES.en[section] as Record<string, string>).map(([key, text]) => ({
    section,
    key,
    pattern: new RegExp(
      `^${text
        .split(/\{\w+\}/)
        .map(literal)
        .join('(.+?)')}$`,
    ),
    names: [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
  })),
);

/**
 * The language an Accept-Language header names, of the booth's languages: the first listed
 * whose primary tag the booth has (the site sends its page's one); null when it names none.
 */
export function languageNamed(header: string | null | undefined): Language | null {
  for (const part of (header ?? '').split(',')) {
    const primary = part.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/** The language an Accept-Language header asks for (`languageNamed`), else English. */
export const languageAsked = (header: string | null | undefined): Language => languageNamed(header) ?? DEFAULT_LANGUAGE;

/** The catalogue's English `sentence` in `language`, its values kept; any other sentence as it is. */
export function inLanguage(sentence: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return sentence;
  for (const known of KNOWN) {
    const match = known.pattern.exec(sentence);
    if (!match) continue;
    const texts = CATALOGUES[language][known.section] as Record<string, string>;
    return fillCounted(
      texts[known.key]!,
      Object.fromEntries(known.names.map((name, i) => [name, match[i + 1]!])),
      language,
    );
  }
  return sentence;
}
