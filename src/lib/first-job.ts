// The results page's inline script asks for the job before the island's code has loaded; the
// island takes that answer for its first fetch instead of asking again.

declare global {
  interface Window {
    /**
     * Set by the results page's inline script: the held first answer for the job at `path`, and
     * `shown`: settled once a finished job's first picture is painted, or there is none to paint,
     * or the script has waited long enough (the island's hydration waits for it).
     */
    boothFirstJob?: { path: string; response: Promise<Response>; shown?: Promise<void> };
  }
}

/** The answer already on its way for the job at `path`, once; later fetches go out as usual. */
export function takeFirstJob(path: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.boothFirstJob;
  if (early) window.boothFirstJob = undefined;
  return early?.path === path ? early.response : undefined;
}

/**
 * The element of the results page where its inline script paints a finished job's first picture
 * before the island has come (src/inline/first-job.ts); the island removes it as its first view
 * shows, before that view is painted.
 */
export const FIRST_RESULT_ID = 'booth-first-result';

/**
 * How long a freshly loaded results page holds the island's hydration back for that picture at
 * most: a job still running is held by the server (?wait=20) and shows as processing after
 * HELD_ANSWER_MS (src/lib/job-view.ts) counted from the hydration, so this is kept short.
 */
export const FIRST_PICTURE_WAIT_MS = 500;

/** The early picture makes way for the island's view (called before that view is painted). */
export function dropEarlyResult() {
  document.getElementById(FIRST_RESULT_ID)?.remove();
}
