// The QR hand-off's address: where a visitor's phone opens a result, and how a page knows it was
// opened that way (HANDOFF_QUERY). The results island and the kiosk's inline script both ask.
import { HANDOFF_QUERY } from '../../contract/event-kit.ts';

/**
 * Where a phone opens this result: the public site setting, else this page's origin unless it is
 * this machine's own (a phone could not reach it). Marked as a hand-off (HANDOFF_QUERY).
 */
export function handoffUrl(publicSiteUrl: string, origin: string, resultsPath: string): string | null {
  const base = publicSiteUrl || (/^https?:\/\/(localhost|127\.|\[::1\])/.test(origin) ? '' : origin);
  return base ? `${base.replace(/\/+$/, '')}${resultsPath}?${HANDOFF_QUERY}` : null;
}

/** Whether this page was opened from a QR hand-off, on the visitor's phone. */
export const isHandoff = (search: string) => new URLSearchParams(search).has(HANDOFF_QUERY);
