// A kiosk's idle reset: back to the intro after the tenant's idle time without a touch, key or
// scroll on any screen, as a new page load, so the photo and the consent are thrown away.
//
// A guest waiting for their picture touches nothing, and a generative style takes longer than a
// short idle time (10 s at the least): the wait is not idleness. The rule is asked when the time
// is up, not when the timer is armed, because every touch, key, scroll and screen change arms it
// afresh (a guest tapping the processing screen, the router's page-load on arriving at the
// results): a check made only when arming is undone by the next arming. The idle time starts
// again when the wait ends, so the guest has all of it to look at the picture and its QR code.

/** On the results screen's element while the guest waits for their picture (ResultPoller). */
export const WAITING_ATTRIBUTE = 'data-waiting-for-picture';

export interface IdleArgs {
  idleSeconds: number;
  /** The tenant's intro path: '/' or '/{slug}'. */
  intro: string;
}

const trimmed = (path: string) => path.replace(/\/+$/, '') || '/';

export function startIdleReset({ idleSeconds, intro }: IdleArgs) {
  const waiting = () => Boolean(document.querySelector(`[${WAITING_ATTRIBUTE}]`));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    // At the intro there is nothing to throw away.
    if (trimmed(location.pathname) === trimmed(intro)) return;
    timer = setTimeout(() => {
      if (!waiting()) location.assign(intro);
    }, idleSeconds * 1_000);
  };
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchmove'])
    document.addEventListener(type, arm, { capture: true, passive: true });
  // A move between screens (Astro's router) is the visitor's doing too.
  document.addEventListener('astro:page-load', arm);

  // The end of a wait (the picture, or its error) starts the idle time again.
  let wasWaiting = waiting();
  new MutationObserver(() => {
    const now = waiting();
    if (wasWaiting && !now) arm();
    wasWaiting = now;
  }).observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributeFilter: [WAITING_ATTRIBUTE],
  });
  arm();
}
