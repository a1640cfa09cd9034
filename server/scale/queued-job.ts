// A job on the scale-out path's BullMQ queue: the queue's name, what a job carries (never the
// photo itself), what its worker returns, how often it is tried, and its state as the contract says it.
import type { Job } from 'bullmq';
import { JOB_STATUS, isFinalStatus } from '../../contract/index.ts';
import { JOB_MESSAGES } from '../run/job-messages.ts';
import type { JobEnd } from '../jobs/lifecycle.ts';
import type { JobFrame } from '../brand/frames.ts';

export const QUEUE_NAME = 'booth-jobs';

/** What a queued job carries: never the photo itself, which waits in S3. */
export interface QueuedJob {
  styleId: string;
  prompt: string;
  photoKey: string;
  client?: string;
  /** The tenant's brand frame or logo mark (names in the tenant bucket); a worker draws it from its own tenant folder. */
  frame?: JobFrame | null;
  /** The slug of the booth's tenant that sent it, when the node knows its tenants. */
  tenant?: string;
  /** How long its results are kept, its tenant's resultHours fixed at creation; absent: the booth's own. */
  retentionSeconds?: number;
  /** The guest's words for a style with inputs: taken out of the job's data as soon as it ends (worker.ts). */
  words?: Record<string, string>;
}

/** A job's end as its worker returns it: a visitor's failure is an ended job too, never retried. */
export interface JobOutcome extends JobEnd {
  /** The job's prompt, so that its completion event alone can answer a waiting request. */
  prompt?: string;
}

/**
 * A worker throws only when Redis or S3 is out of reach (every other failure is an ended job with
 * the visitor's sentence): such a job is tried again, twice, before it ends ERROR.
 */
export const jobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2000 },
} as const;

/** A job's state as the contract says it, from what BullMQ keeps of it. */
export function outcomeOf(
  job: Pick<Job<QueuedJob, JobOutcome>, 'returnvalue' | 'finishedOn' | 'failedReason' | 'processedOn'>,
): JobOutcome {
  const none = { images: [], previews: [], message: '' };
  if (job.finishedOn && job.returnvalue && isFinalStatus(job.returnvalue.status)) return job.returnvalue;
  // Failed for good: its workers died under it too often, or the store stayed away every attempt.
  if (job.finishedOn)
    return {
      ...none,
      status: JOB_STATUS.error,
      message: job.failedReason?.includes('stalled') ? JOB_MESSAGES.crashed : JOB_MESSAGES.generic,
    };
  return { ...none, status: job.processedOn ? JOB_STATUS.processing : JOB_STATUS.pending };
}
