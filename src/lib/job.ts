// What the results screen does with a job, as pure rules.
import { JOB_POLL_INTERVAL_MS, jobPhase, previewsFor, type Job } from '../../contract/index.ts';

export { isSticker } from './sticker.ts';

export type JobPhase = ReturnType<typeof jobPhase>;

/** "While pending, the job is re-fetched 15 seconds after each render, until COMPLETED or ERROR." */
export function nextFetchDelay(job: Job): number | null {
  return jobPhase(job.result.status) === 'pending' ? JOB_POLL_INTERVAL_MS : null;
}

export interface ShownImage {
  /** The result itself: what the link opens, Download opens and Share sends. */
  full: string;
  /** What the screen shows: the AI host's smaller display copy when it sent one, else the result. */
  display: string;
}

/** Each result with what to show for it. Display copies are used only when there is one per image. */
export function shownImages(job: Job, absolute: (url: string) => string = (url) => url): ShownImage[] {
  const previews = previewsFor(job.images, job.previews);
  return job.images.map((url, i) => ({ full: absolute(url), display: absolute(previews?.[i] ?? url) }));
}

/** The status as shown: upper-cased on receipt. */
export const shownStatus = (job: Job) => job.result.status.toUpperCase();
