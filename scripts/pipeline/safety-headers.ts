// The browser's safety headers a static host sends with the site, as the embedded server does:
// no type sniffing, and no referrer (a results address names a visitor's job).
export const SAFETY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Netlify and Cloudflare Pages read this file from the site's root. */
export const HEADERS_FILE = '_headers';

export function headersFile(): string {
  return [
    '# Safety headers for every page and file of the site.',
    '/*',
    ...Object.entries(SAFETY_HEADERS).map(([name, value]) => `  ${name}: ${value}`),
    '',
  ].join('\n');
}

/** nginx `add_header` lines; `always` so the Not Found page has them too. */
export const nginxSafetyHeaders = (): string[] =>
  Object.entries(SAFETY_HEADERS).map(([name, value]) => `add_header ${name} "${value}" always;`);
