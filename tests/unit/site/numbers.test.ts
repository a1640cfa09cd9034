import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNumber } from '../../../src/lib/numbers.ts';

/** A page whose <html lang> is `lang`, as the browser sees it. */
const pageIn = (lang: string) => vi.stubGlobal('document', { documentElement: { lang } });

describe('numbers the page writes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes Western digits on an Arabic page, whatever numbering its locale data defaults to', () => {
    // ar-EG defaults to Arabic-Indic digits (٣) in CLDR, as ar did before CLDR 42.
    expect(new Intl.NumberFormat('ar-EG').format(3)).toBe('٣');
    pageIn('ar-EG');
    expect(pageNumber(3)).toBe('3');
    pageIn('ar');
    expect(pageNumber(12)).toBe('12');
  });

  it("keeps the language's own grouping", () => {
    pageIn('de');
    expect(pageNumber(1234)).toBe('1.234');
    pageIn('en');
    expect(pageNumber(1234)).toBe('1,234');
  });
});
