// `client:after-first-picture`, the results island's code and hydration: once the first picture
// the page's inline script shows has been painted (src/inline/first-job.ts: loaded, then the next
// frame), or the script found none to show, and never later than its short wait
// (FIRST_PICTURE_WAIT_MS). React's code and hydration then come after the picture a phone paints
// first (its largest content) instead of standing before it.
import type { ClientDirective } from 'astro';

const afterFirstPicture: ClientDirective = async (load) => {
  const early = window.boothFirstJob;
  if (early?.path === location.pathname) await early.shown;
  const hydrate = await load();
  await hydrate();
};

export default afterFirstPicture;

declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:after-first-picture'?: boolean;
    }
  }
}
