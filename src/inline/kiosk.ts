// A kiosk device of a tenant that allows kiosks (src/lib/kiosk-device.ts): opening the tenant's
// kiosk address (`?kiosk`) makes this device one, `?kiosk=off` a phone booth again. On a kiosk:
// the screens laid out for a big screen seen from a metre away (KIOSK_CLASS on <html>, booth.css);
// back to the intro after the tenant's idle time without a touch, key or scroll on any screen, as a
// new page load, so the photo and the consent are thrown away; the screen kept awake (Wake Lock);
// full screen from the first touch, the only moment a browser allows it. In the page's <head>, so
// the layout is the kiosk's from the first paint. Nothing of it runs on a guest's phone.
import { KIOSK_CLASS, isKioskDevice } from '../lib/kiosk-device.ts';

declare global {
  interface Window {
    boothKiosk?: boolean;
  }
}

export interface KioskArgs {
  idleSeconds: number;
  /** The tenant's intro path: '/' or '/{slug}'. */
  intro: string;
  /** The tenant's base: '' or '/{slug}'. */
  base: string;
}

const trimmed = (path: string) => path.replace(/\/+$/, '') || '/';

export function run({ idleSeconds, intro, base }: KioskArgs) {
  if (window.boothKiosk !== undefined) return;
  window.boothKiosk = isKioskDevice(true, base);
  if (!window.boothKiosk) return;
  // Astro's router swaps <html>'s attributes with each screen: the class goes back on each time.
  const mark = () => document.documentElement.classList.add(KIOSK_CLASS);
  mark();
  document.addEventListener('astro:after-swap', mark);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    // At the intro there is nothing to throw away.
    if (trimmed(location.pathname) === trimmed(intro)) return;
    timer = setTimeout(() => location.assign(intro), idleSeconds * 1_000);
  };
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchmove'])
    document.addEventListener(type, arm, { capture: true, passive: true });
  // A move between screens (Astro's router) is the visitor's doing too.
  document.addEventListener('astro:page-load', arm);
  arm();

  const wake = () => {
    if (document.visibilityState === 'visible') navigator.wakeLock?.request('screen').catch(() => {});
  };
  wake();
  // The lock is let go whenever the page is hidden; it is asked for again when it shows.
  document.addEventListener('visibilitychange', wake);

  document.addEventListener(
    'pointerdown',
    () => {
      if (document.fullscreenEnabled && !document.fullscreenElement)
        document.documentElement.requestFullscreen().catch(() => {});
    },
    { capture: true },
  );
}
