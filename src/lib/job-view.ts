// What the results screen shows of its job, as a React state: the job is fetched at once, asking
// the server to hold its answer until the job ends (up to 20 s), then re-fetched 15 s after each
// render while it is still pending (the spec's cadence, nextFetchDelay).
import { useEffect, useState } from 'react';
import { JOB_WAIT_MAX_SECONDS, type Job } from '../../contract/index.ts';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';
import { errorHeading, type AiHub } from './ai-hub.ts';
import { AiHubError, isRetryable } from './ai-hub-error.ts';
import { takeFirstJob } from './first-job.ts';
import { nextFetchDelay } from './job.ts';

/**
 * `answer` counts the answers received, so that every answer is a new render that re-arms the
 * timer. 'waiting': the first answer is being held by the server, which it does only for a job
 * that exists and has not ended, so the visitor sees the processing screen meanwhile.
 */
export type JobView =
  | { kind: 'loading' }
  | { kind: 'waiting' }
  | { kind: 'job'; job: Job; answer: number }
  /** retry: asking again may help (the network or the server failed); the job may well be fine. */
  | { kind: 'failed'; heading: string; retry: boolean }
  /** No job at this address (deleted, expired, or no id): the tenant's screen says so briefly. */
  | { kind: 'gone'; heading: string; text: string };

/** A first answer that takes longer than this is a job still running: show it as processing. */
export const HELD_ANSWER_MS = 1_000;

type Texts = { results: Catalogue['results']; site: Catalogue['site'] };

const noJob = (texts: Catalogue['results']) =>
  ({ kind: 'gone', heading: texts.noJobHeading, text: texts.noJob }) as const;
const gone = (texts: Catalogue['results']) => ({ kind: 'gone', heading: texts.goneHeading, text: texts.gone }) as const;

/** The job `jobId`'s view, and `again`: ask for it afresh (Try again after a failure). */
export function useJobView(hub: AiHub, jobId: string | null, { results, site }: Texts) {
  const [view, setView] = useState<JobView>({ kind: 'loading' });

  // Each render of a pending job schedules the next fetch ('waiting' keeps the first one going).
  const delay =
    view.kind === 'loading' || view.kind === 'waiting' ? 0 : view.kind === 'job' ? nextFetchDelay(view.job) : null;
  const renderKey = view.kind === 'job' ? view.answer : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: renderKey is not read: each answer of a pending job schedules the next fetch.
  useEffect(() => {
    if (delay === null) return;
    if (!jobId) {
      setView(noJob(results));
      return;
    }
    let live = true;
    const fetchJob = () =>
      hub.job(jobId, JOB_WAIT_MAX_SECONDS, takeFirstJob(location.pathname)).then(
        (job) => live && setView((prev) => ({ kind: 'job', job, answer: (prev.kind === 'job' ? prev.answer : 0) + 1 })),
        (error: unknown) =>
          live &&
          setView(
            error instanceof AiHubError && error.status === 404
              ? gone(results)
              : { kind: 'failed', heading: errorHeading(error, site), retry: isRetryable(error) },
          ),
      );
    // The first fetch goes out at once, not on a timer: the job is loaded before the screen shows.
    const timer = delay === 0 ? undefined : setTimeout(fetchJob, delay);
    if (delay === 0) void fetchJob();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [hub, jobId, delay, renderKey, results, site]);

  useEffect(() => {
    if (view.kind !== 'loading') return;
    const timer = setTimeout(() => setView((v) => (v.kind === 'loading' ? { kind: 'waiting' } : v)), HELD_ANSWER_MS);
    return () => clearTimeout(timer);
  }, [view.kind]);

  return { view, again: () => setView({ kind: 'loading' }) };
}
