// A catalogue text with its placeholders ({name}) filled in. The words around a value differ from
// language to language, so a value never goes into a text by joining strings.

export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A counted text's forms (contract/i18n/plural.ts): `{name, plural, one {…} other {…}}`, ICU
 * MessageFormat's plural with forms that hold no braces; capture 1 the name, 2 the forms.
 */
export const PLURAL_BLOCK = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;

/** The placeholders a text has, sorted: every language's text of a key must have the same ones. */
export const placeholdersOf = (text: string): string[] =>
  [...text.replace(PLURAL_BLOCK, '{$1}').matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
