// Kiosk mode (a tenant with kioskIdleSeconds): back to the intro after that long without a
// touch, key or scroll on any screen, as a new page load, so the photo and the consent are
// thrown away; the screen kept awake (Wake Lock); full screen from the first touch, the only
// moment a browser allows it. Runs on every screen, the intro included: no framework needed.
import { isHandoff } from '../lib/handoff.ts';

declare global {
  interface Window { boothKiosk?: boolean }
}

export interface KioskArgs {
  idleSeconds: number;
  /** The tenant's intro path: '/' or '/{slug}'. */
  intro: string;
}

const trimmed = (path: string) => path.replace(/\/+$/, '') || '/';

export function run({ idleSeconds, intro }: KioskArgs) {
  if (window.boothKiosk) return;
  window.boothKiosk = true;
  // A result opened from the kiosk's QR code is on the visitor's own phone: no kiosk there.
  if (isHandoff(location.search)) {
    document.querySelector('.booth-start-over')?.remove();
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    // At the intro there is nothing to throw away.
    if (trimmed(location.pathname) === trimmed(intro)) return;
    timer = setTimeout(() => location.assign(intro), idleSeconds * 1_000);
  };
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchmove']) document.addEventListener(type, arm, { capture: true, passive: true });
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
      if (document.fullscreenEnabled && !document.fullscreenElement) document.documentElement.requestFullscreen().catch(() => {});
    },
    { capture: true },
  );
}
