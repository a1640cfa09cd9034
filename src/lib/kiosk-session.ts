// What a kiosk does besides its layout, in a script of its own that only a kiosk loads: the idle
// reset (src/lib/kiosk-idle.ts), the screen kept awake (Wake Lock), and full screen from the first
// touch, the only moment a browser allows it. The kiosk's inline script (src/inline/kiosk.ts)
// decides in the page's <head> whether this device is a kiosk, and only then adds this script,
// with what it needs in window.boothKiosk. A guest's phone never fetches it.
import { type IdleArgs, startIdleReset } from './kiosk-idle.ts';

declare global {
  interface Window {
    /** Set by the kiosk's inline script: this device's kiosk settings, or false on a phone. */
    boothKiosk?: IdleArgs | false;
  }
}

export function startKioskSession(args: IdleArgs) {
  startIdleReset(args);

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

// Built as a file of its own (BoothLayout imports its address), it runs as soon as it has loaded.
if (typeof window !== 'undefined' && window.boothKiosk) startKioskSession(window.boothKiosk);
