// `client:after-first-picture`: an island's code and hydration come once the first pictures a
// phone paints (its largest content) have been painted, so that React's code and hydration do not
// stand before them; and never later than a short wait (FIRST_PICTURE_WAIT_MS).
// - The results island: once the finished job's first picture the page's inline script shows has
//   been painted (src/inline/first-job.ts: loaded, then the next frame), or the script found none.
// - Any other island (the style grid): once its own first pictures, the images it renders with
//   `fetchpriority="high"`, have loaded and been painted. Only while the page is first loading: a
//   screen the router swaps in hydrates at once.
import type { ClientDirective } from 'astro';
import { FIRST_PICTURE_WAIT_MS } from '../lib/first-job.ts';

/** Settles once every first picture in `island` has loaded (or failed) and had its frame. */
function firstPicturesPainted(island: HTMLElement): Promise<void> {
  const pictures = [...island.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  const loaded = pictures.map((picture) =>
    picture.complete
      ? undefined
      : new Promise<void>((resolve) => {
          picture.addEventListener('load', () => resolve(), { once: true });
          picture.addEventListener('error', () => resolve(), { once: true });
        }),
  );
  const painted = Promise.all(loaded).then(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
  return Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, FIRST_PICTURE_WAIT_MS))]);
}

const afterFirstPicture: ClientDirective = async (load, _options, island) => {
  const early = window.boothFirstJob;
  if (early?.path === location.pathname) await early.shown;
  else if (document.readyState === 'loading') await firstPicturesPainted(island);
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
