// The job is asked for when the results page opens, while the page's code is still on its way,
// and a finished job's first picture (the display copy the screen shows) is painted at once, in
// the place and at the size the island gives it, before the island's code has come: it is a
// phone's largest content, and React's code and hydration no longer stand before it. The island
// picks up the answer (window.boothFirstJob, src/lib/first-job.ts) and, as its first view shows,
// takes this early picture away (FIRST_RESULT_ID): its own picture is the same image from the
// cache at the same size, so the screen does not change and it is not a second, later LCP.
import { jobPhase } from '../../contract/job-status.ts';
import { jobIdFromPath, previewsFor, promptOf } from '../../contract/results.ts';
import { FIRST_PICTURE_WAIT_MS, FIRST_RESULT_ID } from '../lib/first-job.ts';
import { aiHostUrl } from '../lib/paths.ts';
import { isSticker } from '../lib/sticker.ts';

export interface FirstJobArgs {
  /** The job's address on the AI host, `marker` standing for the id. */
  jobUrl: string;
  marker: string;
  /** The AI host browsers call, for relative image URLs. */
  host: string;
  /** The client's time limit for the held answer, in ms. */
  timeout: number;
}

export function run({ jobUrl, marker, host, timeout }: FirstJobArgs) {
  const jobId = jobIdFromPath(location.pathname);
  if (jobId === null) return;
  // In the page's language: a job's error is told in it (the server's sentences).
  const response = fetch(jobUrl.replace(marker, encodeURIComponent(jobId)), {
    signal: AbortSignal.timeout(timeout),
    headers: { 'Accept-Language': document.documentElement.lang },
  });
  // The island's hydration waits for this (src/directives/after-first-picture.ts). A page swapped
  // in by the router (the styles screen's job, only just made) does not wait.
  let done = () => {};
  const shown = new Promise<void>((resolve) => (done = resolve));
  setTimeout(done, document.readyState === 'loading' ? FIRST_PICTURE_WAIT_MS : 0);
  window.boothFirstJob = { path: location.pathname, response, shown };
  response
    .then((answer) => answer.clone().json())
    .then((job) => {
      const images: string[] = job.images || [];
      const first = (previewsFor(images, job.previews) ?? images)[0];
      if (typeof first !== 'string' || /^(data|blob):/.test(first) || jobPhase(job.result?.status) !== 'completed')
        return done();
      // Gone once the island shows its own view (it may have come first).
      const place = document.getElementById(FIRST_RESULT_ID);
      const template = place?.querySelector('template');
      if (!place || !template) return done();
      // The island's completed view as far as the first picture, in the page (results/index.astro).
      const view = template.content.cloneNode(true) as DocumentFragment;
      const picture = view.querySelector('img')!;
      // A sticker as the island shows it, shadow included: the picture's painted size is the
      // island's, so the island's own is not a larger, later LCP.
      if (isSticker(String(promptOf({ ...job, images }, 0)))) picture.parentElement!.className = 'booth-sticker';
      // Several pictures: the room the others and each one's choice will take (the screen is
      // centred: the first picture then stays where it is when they come).
      const list = view.querySelector<HTMLElement>('.booth-result-list')!;
      if (images.length > 1) {
        list.dataset.pictures = String(images.length);
        const figure = list.firstElementChild!;
        for (let i = 1; i < images.length; i++) {
          const other = figure.cloneNode(true) as HTMLElement;
          other.classList.add('booth-placeholder');
          list.append(other);
        }
      }
      // Painted at the next frame: the island's code is asked for after it, so that nothing the
      // page fetches or runs stands before the phone's largest paint.
      picture.onload = () => requestAnimationFrame(() => setTimeout(done));
      // An AI host without CORS: the island shows it, loaded plainly (ResultImage.tsx).
      picture.onerror = () => {
        place.remove();
        done();
      };
      picture.src = aiHostUrl(host, first);
      place.append(view);
      place.dataset.shown = '';
    })
    .catch(done);
}
