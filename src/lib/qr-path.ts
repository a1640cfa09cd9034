// A QR code's dark modules as one SVG path: one "h" run per row of adjacent dark modules, so a
// code of a few hundred modules is a path of a few KB, drawn crisp at any size.
import { HANDOFF_QUERY } from '../../contract/event-kit.ts';

export function qrPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (row[end + 1]) end++;
      parts.push(`M${x} ${y}h${end - x + 1}v1h-${end - x + 1}z`);
      x = end;
    }
  });
  return parts.join('');
}

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
