// Where the AI hub's jobs live: the embedded default (SQLite, local disk, worker threads in this
// process) or the scale-out path (BullMQ on Redis, S3). The routes see only this interface.
import type { JobStatus } from '../../contract/index.ts';
import type { JobFrame } from '../brand/frames.ts';
import type { StoredStyle } from '../storage/styles.ts';
import type { Photo } from '../intake/upload-check.ts';

export interface NewJob {
  style: StoredStyle;
  photo: Photo;
  /** Who sent it: limits count per client. */
  client: string;
  /** The tenant's brand for its results (jobs/job-frame.ts); null or absent for none. */
  frame?: JobFrame | null;
  /** The slug of one of the booth's tenants, stored with the job for the console; null or absent for none. */
  tenant?: string | null;
  /** How long its results are kept (its tenant's resultHours); null or absent: the booth's own. */
  retentionSeconds?: number | null;
  /**
   * The guest's words for a style with inputs, checked: kept in memory with the job while it runs
   * and never written to the job's record or the log (contract/style-inputs.ts).
   */
  words?: Readonly<Record<string, string>>;
}

/** A job as GET /transformations/jobs/{id} answers it (contract/jobs.ts). */
export interface JobAnswer {
  id: string;
  images: string[];
  previews?: string[];
  /** Each image's caption when there are several (a tenant's pictures per guest), same order. */
  captions?: string[];
  prompt: string;
  result: { status: JobStatus; message: string };
}

export interface JobBackend {
  /** Jobs accepted by this process and not ended: what BOOTH_QUEUE_LIMIT counts. */
  readonly inFlight: number;
  /** Stores the photo and queues the job; `ended` settles once the job ended (or was left for another run). */
  create(job: NewJob): Promise<{ id: string; ended: Promise<void> }>;
  /** The job as the contract answers it, with absolute result URLs; undefined when unknown or expired. */
  view(id: string, origin: string): Promise<JobAnswer | undefined>;
  /** Resolves when the job ends, after `ms`, or when the request is aborted, whichever is first. */
  wait(id: string, ms: number, signal?: AbortSignal): Promise<void>;
}

/** The styles the hub offers and finds by id. */
export type StyleCatalog = Pick<import('../storage/styles.ts').StyleStore, 'active' | 'find'>;

/** A service the job path needs (Redis, S3) cannot be reached: the request gets 503, the log a line. */
export class ServiceUnavailableError extends Error {
  override name = 'ServiceUnavailableError';
  readonly service: string;
  readonly detail: string;
  constructor(service: string, detail: string) {
    super(`The booth cannot reach its ${service} right now. Please try again in a minute.`);
    this.service = service;
    this.detail = detail;
  }
}
