// Where the console's event view reads a tenant's jobs: the embedded default's SQLite rows
// (below), or the scale-out path's Redis and S3 (scale/redis-event-jobs.ts). The routes
// (hosts/admin-events.ts) see only this interface.
import { previewsFor } from '../../contract/index.ts';
import type { EventFigures } from '../../contract/console-api.ts';
import type { JobEvents } from '../storage/job-events.ts';
import { figuresOf, type EventWindows } from './event-figures.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobStore } from '../storage/jobs.ts';
import { resultPath, type LocalJobs } from '../embedded/local-jobs.ts';

/** One completed job of the gallery, with the addresses its files are served at. */
export interface ResultJob {
  id: string;
  styleId: string;
  finishedAt: number;
  previewUrl: string | null;
  imageUrls: string[];
}

/** One file of the event's ZIP: a result image on this machine's disk, or an object in the store. */
export interface ArchiveEntry {
  /** Its name in the ZIP: when it was made, its style and its job. */
  name: string;
  /** The file on disk, or the object's key in the store. */
  file: string;
  mtime: Date;
  /** Opens an object of the store when its turn comes (the scale-out path); absent: `file` is read from disk. */
  open?: () => Promise<import('node:stream').Readable>;
}

/** An entry's name in the ZIP: when it was made, its style, its job, and which of its pictures. */
export function archiveName(job: { id: string; styleId: string; finishedAt: number }, image: string, index: number) {
  const stamp = new Date(job.finishedAt).toISOString().slice(0, 19).replace('T', '_').replaceAll(':', '-');
  return `${stamp}_${job.styleId}_${job.id}${index > 0 ? `-${index + 1}` : ''}${image.slice(image.lastIndexOf('.'))}`;
}

/** A deleted job is counted this long after its creation: the figures read today at most. */
export const DELETED_KEPT_MS = 48 * 3600 * 1000;

export type { EventWindows } from './event-figures.ts';

export interface EventJobs {
  /** Results past this are gone for the visitor, whether or not they are swept yet. */
  readonly retentionSeconds: number;
  /** The tenant's jobs of each window, today's turnaround and errors (at most `maxErrors` messages), and the whole booth's queue. */
  figures(tenant: string, since: EventWindows, maxErrors: number): Promise<Omit<EventFigures, 'tenant'>>;
  /** Completed jobs created since `since` that finished after `finishedAfter` (ms), newest first. */
  results(tenant: string, since: number, finishedAfter: number, limit: number): Promise<ResultJob[]>;
  /** Every result of the tenant still kept (past today too), oldest first, as the event's ZIP holds them. */
  archive(tenant: string): Promise<ArchiveEntry[]>;
  /** The slug a job was filed under (null: none); undefined when there is no such job, or it is deleted. */
  tenantOf(id: string): Promise<string | null | undefined>;
  /** Deletes the tenant's jobs now with their photos and results, whatever their state; how many there were. */
  remove(tenant: string, ids: readonly string[]): Promise<number>;
  /**
   * Deletes every job of the tenant, as `remove` does; how many there were. With `forget` (the
   * tenant itself is deleted), the counts of deleted jobs go too.
   */
  removeAll(tenant: string, options?: { forget?: boolean }): Promise<number>;
}

interface LocalEventJobsDeps {
  events: JobEvents;
  jobs: Pick<JobStore, 'get'>;
  /** Where the results are, for the event's ZIP; none: it holds nothing. */
  files?: Pick<FileStore, 'resultPath'>;
  local: Pick<LocalJobs, 'remove'>;
  /** Engine workers of this booth. */
  workers: number;
  retentionSeconds: number;
}

/** The embedded default's jobs: SQLite rows, results under /media/results. */
export class LocalEventJobs implements EventJobs {
  #deps: LocalEventJobsDeps;
  readonly retentionSeconds: number;

  constructor(deps: LocalEventJobsDeps) {
    this.#deps = deps;
    this.retentionSeconds = deps.retentionSeconds;
  }

  async figures(tenant: string, since: EventWindows, maxErrors: number) {
    const { events, workers } = this.#deps;
    const from = Math.min(since.hour, since.day);
    return figuresOf(events.window(tenant, from), events.deletedSince(tenant, from), since, maxErrors, {
      ...events.unfinished(),
      workers,
    });
  }

  async results(tenant: string, since: number, finishedAfter: number, limit: number) {
    return this.#deps.events.results(tenant, since, finishedAfter, limit).map((job): ResultJob => {
      const imageUrls = job.images.map((name) => resultPath(job.id, name));
      const previews = previewsFor(job.images, job.previews);
      return {
        id: job.id,
        styleId: job.styleId,
        finishedAt: job.finishedAt ?? job.createdAt,
        previewUrl: previews ? resultPath(job.id, previews[0]!) : (imageUrls[0] ?? null),
        imageUrls,
      };
    });
  }

  async archive(tenant: string) {
    const { files } = this.#deps;
    if (!files) return [];
    return this.#deps.events.current(tenant, Date.now() - this.retentionSeconds * 1000).flatMap((job) =>
      job.images.map(
        (image, i): ArchiveEntry => ({
          name: archiveName({ ...job, finishedAt: job.finishedAt ?? job.createdAt }, image, i),
          file: files.resultPath(job.id, image),
          mtime: new Date(job.finishedAt ?? job.createdAt),
        }),
      ),
    );
  }

  async tenantOf(id: string) {
    return this.#deps.jobs.get(id)?.tenant;
  }

  async remove(tenant: string, ids: readonly string[]) {
    // Counted as deleted first: the figures never lose a job the guest asked to delete.
    const jobs = ids.map((id) => this.#deps.jobs.get(id)).filter((job) => job !== undefined && job.tenant === tenant);
    this.#deps.events.rememberDeleted(
      jobs.map((job) => ({ id: job!.id, tenant: job!.tenant ?? null, createdAt: job!.createdAt, status: job!.status })),
      Date.now() - DELETED_KEPT_MS,
    );
    return this.#deps.local.remove(ids);
  }

  async removeAll(tenant: string, options: { forget?: boolean } = {}) {
    if (options.forget) {
      this.#deps.events.forgetDeleted(tenant);
      return this.#deps.local.remove(this.#deps.events.ids(tenant));
    }
    return this.remove(tenant, this.#deps.events.ids(tenant));
  }
}
