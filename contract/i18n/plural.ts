// Counted texts: where a count is filled in ({seconds}, {max}), a language whose words change with
// the number writes a form for each of its plural categories, in ICU MessageFormat's plural form
// (`{seconds, plural, one {# seconde} other {# secondes}}`, `#` the count), and Intl.PluralRules
// picks the one for the count in the text's language: Arabic has six (ثانية واحدة، ثانيتين،
// 3 ثوانٍ، 11 ثانية…), French counts 0 and 1 as one. English's texts are the spec's and have none.
import { fill, PLURAL_BLOCK } from './fill.ts';

function choose(forms: string, count: number, language: string): string | undefined {
  const byKey = new Map([...forms.matchAll(/(=\d+|\w+)\s*\{([^{}]*)\}/g)].map((m) => [m[1]!, m[2]!]));
  return (
    byKey.get(`=${count}`) ?? byKey.get(new Intl.PluralRules(language || 'en').select(count)) ?? byKey.get('other')
  );
}

/**
 * The text with each counted part of `counts` resolved to its form, the count left as its
 * placeholder (`{max}`): what a page carries when it knows the count at build time, one form.
 */
export function forCounts(text: string, counts: Readonly<Record<string, number>>, language: string): string {
  return text.replace(PLURAL_BLOCK, (whole, name: string, forms: string) => {
    if (!(name in counts)) return whole;
    return choose(forms, counts[name]!, language)?.replaceAll('#', `{${name}}`) ?? whole;
  });
}

/** A catalogue text of `language` with its values filled in, each counted part in its form for the count. */
export function fillCounted(text: string, values: Readonly<Record<string, string | number>>, language: string): string {
  const counts = Object.fromEntries(
    Object.entries(values)
      .map(([name, value]) => [name, Number(value)] as const)
      .filter(([, n]) => Number.isFinite(n)),
  );
  return fill(forCounts(text, counts, language), values);
}

/**
 * A counted text as each of its forms reads (`#` as its placeholder), each counted part in turn
 * and the others as their placeholder; a text without forms as it is. For checks of every form.
 */
export function everyForm(text: string): string[] {
  const blocks = [...text.matchAll(PLURAL_BLOCK)];
  if (!blocks.length) return [text];
  const plain = (t: string) => t.replace(PLURAL_BLOCK, '{$1}');
  return blocks.flatMap((block) =>
    [...block[2]!.matchAll(/(=\d+|\w+)\s*\{([^{}]*)\}/g)].map((form) =>
      plain(
        text.slice(0, block.index) +
          form[2]!.replaceAll('#', `{${block[1]}}`) +
          text.slice(block.index! + block[0].length),
      ),
    ),
  );
}

/** The smallest count (1–200, then 0) of each plural category of `language`. */
function firstCounts(language: string): Map<string, number> {
  const rules = new Intl.PluralRules(language || 'en');
  const first = new Map<string, number>();
  for (const n of [...Array.from({ length: 200 }, (_, i) => i + 1), 0]) {
    const category = rules.select(n);
    if (!first.has(category)) first.set(category, n);
  }
  return first;
}

/**
 * A counted text as a person editing it reads it: `text` with each counted part in its general
 * form (`other`, the count as its placeholder), and for each counted part the words it takes at a
 * count of each form the text writes (`{ max: ['1 caractère', '2 caractères'] }`).
 */
export function readCounted(text: string, language: string): { text: string; forms: Record<string, string[]> } {
  const forms: Record<string, string[]> = {};
  const general = text.replace(PLURAL_BLOCK, (whole, name: string, written: string) => {
    const categories = new Set([...written.matchAll(/(\w+)\s*\{/g)].map((m) => m[1]!));
    const counts = [...firstCounts(language)].filter(([category]) => categories.has(category)).map(([, n]) => n);
    const seen = new Set(
      counts.sort((a, b) => a - b).map((n) => choose(written, n, language)!.replaceAll('#', String(n))),
    );
    forms[name] = [...seen];
    return choose(written, Number.POSITIVE_INFINITY, language)?.replaceAll('#', `{${name}}`) ?? whole;
  });
  return { text: general, forms };
}
