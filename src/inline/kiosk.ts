// A kiosk device of a tenant that allows kiosks (src/lib/kiosk-device.ts): opening the tenant's
// kiosk address (`?kiosk`) makes this device one, `?kiosk=off` a phone booth again. In the page's
// <head>, it decides before the first paint; on a kiosk, and only there, it loads what a kiosk
// has: its layout (KIOSK_CLASS on <html> and src/styles/kiosk.css, a stylesheet the first paint
// waits for, so there is no flash of the phone's layout) and its script (src/lib/kiosk-session.ts:
// the idle reset, Wake Lock, full screen). A guest's phone loads neither.
import { KIOSK_CLASS, isKioskDevice } from '../lib/kiosk-device.ts';
import type { IdleArgs } from '../lib/kiosk-idle.ts';
import type {} from '../lib/kiosk-session.ts';

export interface KioskArgs extends IdleArgs {
  /** The tenant's home, its own language's base: '' or '/{slug}' (never a guest's /{code}). */
  base: string;
  /** The addresses of the kiosk's stylesheet and script, as the build names them. */
  stylesheet: string;
  script: string;
}

export function run({ idleSeconds, intro, base, stylesheet, script }: KioskArgs) {
  if (window.boothKiosk !== undefined) return;
  window.boothKiosk = isKioskDevice(true, base) && { idleSeconds, intro };
  if (!window.boothKiosk) return;
  document.documentElement.classList.add(KIOSK_CLASS);
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = stylesheet;
  // Render-blocking, as the page's own styles are: a script-inserted stylesheet is not, unless asked.
  sheet.setAttribute('blocking', 'render');
  document.head.append(sheet);
  // Astro's router gives <html> the next screen's attributes and the head its elements: the next
  // screen gets the class and the stylesheet before it is swapped in (the loaded sheet then stays).
  document.addEventListener('astro:before-swap', (event) => {
    const next = (event as Event & { newDocument: Document }).newDocument;
    next.documentElement.classList.add(KIOSK_CLASS);
    next.head.append(sheet.cloneNode());
  });
  const session = document.createElement('script');
  session.src = script;
  document.head.append(session);
}
