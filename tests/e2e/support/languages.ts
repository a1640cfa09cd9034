// What the language tests look for: the English catalogue's texts left on a page in another
// language, in what a person sees or a screen reader hears.
import type { Page } from 'playwright';
import { CATALOGUES, SAME_IN_EVERY_LANGUAGE, type Catalogue } from '../../../contract/i18n/index.ts';

const textsOf = (catalogue: Catalogue): [string, string][] =>
  Object.entries(catalogue).flatMap(([section, texts]) =>
    Object.entries(texts as Record<string, string>).map(([key, text]): [string, string] => [`${section}.${key}`, text]),
  );

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` as whole words in `words` (case counts: "BETA" is not "beta"). */
const hasWords = (words: string, text: string) =>
  new RegExp(`(^|[^\\p{L}])${literal(text)}($|[^\\p{L}])`, 'u').test(words);

/**
 * The English texts that must not show on a page in `t`'s language: every one, but those the
 * same in every language by rule (a file name, a code word), those the language writes the
 * same (BETA in German), and those that are words of the language too, found in its own texts
 * ("Start" in German's "Zum Start", "Download" in Dutch). A text with placeholders is looked for
 * by its longer literal parts.
 */
export function englishTexts(t: Catalogue): string[] {
  const own = new Map(textsOf(t));
  const ownWords = [...own.values()].join('\n');
  return textsOf(CATALOGUES.en)
    .filter(([key, text]) => !SAME_IN_EVERY_LANGUAGE.includes(key) && own.get(key) !== text)
    .flatMap(([, text]) => text.split(/\{\w+\}/).map((part) => part.trim()))
    .filter((part) => part.length >= 4 && !hasWords(ownWords, part));
}

/** Everything the page shows or says: its text (hidden-for-screen-readers too), names, alts and title. */
export function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const named = [...document.querySelectorAll('[alt], [aria-label], [title], [placeholder]')].flatMap((el) =>
      ['alt', 'aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
    );
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    // biome-ignore lint/performance/useDomNodeTextContent: what is rendered (display: none is not), as a person meets it.
    return [document.title, description, document.body.innerText, ...named].join('\n');
  });
}

/** The English texts on the page, each found as whole words. */
export async function englishLeft(page: Page, t: Catalogue): Promise<string[]> {
  const words = await pageWords(page);
  return englishTexts(t).filter((text) => hasWords(words, text));
}
