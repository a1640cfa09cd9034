// Whether this page runs on a kiosk, as the page's kiosk script decided before the first paint
// (src/inline/kiosk.ts asks the one rule, src/lib/kiosk-device.ts, and applies `?kiosk` and
// `?kiosk=off`). A tenant that allows no kiosks has no such script: its pages are never a kiosk's.
// The islands read that decision instead of bundling the rule again.
import type {} from './kiosk-session.ts';

export const onKiosk = (): boolean => typeof window !== 'undefined' && Boolean(window.boothKiosk);
