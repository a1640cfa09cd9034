// Whether this page runs on a kiosk, as the page's kiosk script decided before the first paint
// (src/inline/kiosk.ts asks the one rule, src/lib/kiosk-device.ts, and applies `?kiosk` and
// `?kiosk=off`). A tenant that allows no kiosks has no such script: its pages are never a kiosk's.
// The islands read that decision instead of bundling the rule again.
import type {} from './kiosk-session.ts';

export const onKiosk = (): boolean => typeof window !== 'undefined' && Boolean(window.boothKiosk);

/**
 * Where a kiosk's next guest starts: the tenant's own language's base ('' or '/{slug}'), whatever
 * language the last guest picked. A language is a guest's choice, not the device's: the next guest
 * may not read it, and finds the menu on every screen. Asked on a kiosk only (`onKiosk()`); the
 * islands pass their own base until they know, so the first render matches the server's HTML.
 */
export function kioskHome(base: string): string {
  if (typeof window === 'undefined' || !window.boothKiosk) return base;
  const { intro } = window.boothKiosk;
  return intro === '/' ? '' : intro;
}
