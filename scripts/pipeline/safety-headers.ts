// The browser's safety headers a static host sends with the site, as the embedded server does:
// no type sniffing, no referrer (a results address names a visitor's job), and the site's
// Content-Security-Policy (csp.ts).
export const SAFETY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Netlify and Cloudflare Pages read this file from the site's root. */
export const HEADERS_FILE = '_headers';

const withPolicy = (csp: string) => Object.entries({ ...SAFETY_HEADERS, 'Content-Security-Policy': csp });

export function headersFile(csp: string): string {
  return [
    '# Safety headers for every page and file of the site.',
    '/*',
    ...withPolicy(csp).map(([name, value]) => `  ${name}: ${value}`),
    '',
  ].join('\n');
}

/** nginx `add_header` lines; `always` so the Not Found page has them too. */
export const nginxSafetyHeaders = (csp: string): string[] =>
  withPolicy(csp).map(([name, value]) => `add_header ${name} "${value}" always;`);
