// The job is asked for when the results page opens, while the page's code is still on its way,
// and a finished job's picture (the display copy the screen shows) starts loading before the
// screen is drawn: the island picks both up (window.boothFirstJob, src/lib/first-job.ts).
import { jobPhase } from '../../contract/job-status.ts';
import { jobIdFromPath, previewsFor } from '../../contract/results.ts';
import { aiHostUrl } from '../lib/paths.ts';
import type {} from '../lib/first-job.ts';

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
  window.boothFirstJob = { path: location.pathname, response };
  response
    .then((answer) => answer.clone().json())
    .then(
      (job) => {
        const images: string[] = job.images || [];
        const shown = (previewsFor(images, job.previews) ?? images)[0];
        if (typeof shown !== 'string' || /^(data|blob):/.test(shown) || jobPhase(job.result?.status) !== 'completed')
          return;
        const picture = new Image();
        picture.crossOrigin = 'anonymous';
        // The screen's largest content: ahead of the page's scripts, as its <img> will ask.
        picture.fetchPriority = 'high';
        picture.src = aiHostUrl(host, shown);
      },
      () => {},
    );
}
