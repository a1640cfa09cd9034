// The results page's inline script asks for the job before the island's code has loaded; the
// island takes that answer for its first fetch instead of asking again.

declare global {
  interface Window {
    /** Set by the results page's inline script: the held first answer for the job at `path`. */
    boothFirstJob?: { path: string; response: Promise<Response> };
  }
}

/** The answer already on its way for the job at `path`, once; later fetches go out as usual. */
export function takeFirstJob(path: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.boothFirstJob;
  if (early) window.boothFirstJob = undefined;
  return early?.path === path ? early.response : undefined;
}
