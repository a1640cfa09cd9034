// What the results screen does with a job, as pure rules.
import { JOB_POLL_INTERVAL_MS, STICKER_PROMPT_WORD, jobPhase, type Job } from '../../contract/index.ts';

export type JobPhase = ReturnType<typeof jobPhase>;

/** "If the prompt contains 'sticker', the image is shown as a peelable sticker." */
export const isSticker = (prompt: string) => prompt.toLowerCase().includes(STICKER_PROMPT_WORD);

/** "While pending, the job is re-fetched 15 seconds after each render, until COMPLETED or ERROR." */
export function nextFetchDelay(job: Job): number | null {
  return jobPhase(job.result.status) === 'pending' ? JOB_POLL_INTERVAL_MS : null;
}

/** The status as shown: upper-cased on receipt. */
export const shownStatus = (job: Job) => job.result.status.toUpperCase();
