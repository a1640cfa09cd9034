// The event figures, computed once for both stores (jobs/event-figures.ts), here from job hashes as
// BullMQ keeps them in Redis (the HMGET answers stubbed, scale/stored-jobs.ts): windows, statuses,
// percentiles, error groups and the gallery's order. Both stores feed them in
// tests/integration/conformance/event-jobs.test.ts.
import { describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import { JOB_MESSAGES } from '../../../server/run/job-messages.ts';
import { countsOf, errorsOf, figuresOf, turnaroundOf } from '../../../server/jobs/event-figures.ts';
import { JOB_FIELDS, resultsOf, storedJob, type StoredJob } from '../../../server/scale/stored-jobs.ts';

const NOW = Date.parse('2026-11-23T15:00:00Z');
const MIN = 60_000;
const DAY_START = Date.parse('2026-11-23T00:00:00Z');

/** A job's hash fields (JOB_FIELDS order) as Redis answers them: strings, or null for none. */
function hash(
  createdAgoMs: number,
  opts: { tookMs?: number; running?: boolean; outcome?: object; failedReason?: string; data?: object } = {},
): (string | null)[] {
  const created = NOW - createdAgoMs;
  const finished = opts.outcome || opts.failedReason ? created + (opts.tookMs ?? 1000) : null;
  return [
    String(created),
    opts.running || finished ? String(created + 10) : null,
    finished === null ? null : String(finished),
    opts.outcome ? JSON.stringify(opts.outcome) : null,
    opts.failedReason ?? null,
    JSON.stringify(opts.data ?? { styleId: 'comic', prompt: 'p', photoKey: 'photos/x.jpg', tenant: 'aurora' }),
  ];
}
const completed = (images = ['1.png'], previews = ['1.preview.webp']) => ({
  status: JOB_STATUS.completed,
  images,
  previews,
  message: '',
  prompt: 'p',
});
const failed = (message: string) => ({ status: JOB_STATUS.error, images: [], previews: [], message, prompt: 'p' });

let n = 0;
const job = (fields: (string | null)[]) => storedJob(`job-${++n}`, fields)!;

describe('a job read from its hash', () => {
  it('reads the fields in JOB_FIELDS order, with the status the contract gives it', () => {
    expect(JOB_FIELDS).toEqual(['timestamp', 'processedOn', 'finishedOn', 'returnvalue', 'failedReason', 'data']);
    const done = storedJob('a', hash(10 * MIN, { outcome: completed(), tookMs: 4200 }))!;
    expect(done).toEqual({
      id: 'a',
      createdAt: NOW - 10 * MIN,
      finishedAt: NOW - 10 * MIN + 4200,
      styleId: 'comic',
      photoKey: 'photos/x.jpg',
      status: JOB_STATUS.completed,
      message: '',
      images: ['1.png'],
      previews: ['1.preview.webp'],
      retentionSeconds: null,
    });
    expect(storedJob('b', hash(MIN))!.status).toBe(JOB_STATUS.pending);
    expect(storedJob('c', hash(MIN, { running: true }))!.status).toBe(JOB_STATUS.processing);
    // Failed for good (no outcome of its worker's): the booth's sentence, as the job's own URL says.
    expect(storedJob('d', hash(MIN, { failedReason: 'job stalled more than allowable limit' }))!).toMatchObject({
      status: JOB_STATUS.error,
      message: JOB_MESSAGES.crashed,
    });
  });

  it('is null when the hash is gone (HMGET answers nulls), and survives data it cannot parse', () => {
    expect(storedJob('gone', [null, null, null, null, null, null])).toBeNull();
    const odd = storedJob('odd', [String(NOW), null, null, null, null, '{not json'])!;
    expect(odd).toMatchObject({ styleId: '', photoKey: null });
    expect(odd.status).toBe(JOB_STATUS.pending);
  });
});

describe('the figures of a tenant', () => {
  const jobs: StoredJob[] = [
    job(hash(10 * MIN, { outcome: completed(), tookMs: 3000 })),
    job(hash(20 * MIN, { outcome: completed(), tookMs: 1000 })),
    job(hash(30 * MIN, { outcome: failed('Nobody is in the photo.') })),
    job(hash(2 * 3600 * 1000, { outcome: completed(), tookMs: 2000 })),
    job(hash(3 * 3600 * 1000, { outcome: failed('Nobody is in the photo.') })),
    job(hash(4 * 3600 * 1000, { outcome: failed('Restyling took too long.') })),
    job(hash(5 * MIN)),
    job(hash(6 * MIN, { running: true })),
    // Yesterday's: in no window of today.
    job(hash(16 * 3600 * 1000, { outcome: completed(), tookMs: 9000 })),
  ];

  it('counts the jobs created in each window, and how many of them completed or failed', () => {
    expect(countsOf(jobs, NOW - 3600 * 1000)).toEqual({ created: 5, completed: 2, failed: 1, deleted: 0 });
    expect(countsOf(jobs, DAY_START)).toEqual({ created: 8, completed: 3, failed: 3, deleted: 0 });
    expect(countsOf([], DAY_START)).toEqual({ created: 0, completed: 0, failed: 0, deleted: 0 });
  });

  it("gives nearest-rank percentiles of today's completed jobs, null with none", () => {
    expect(turnaroundOf(jobs, DAY_START, [50, 95])).toEqual([2000, 3000]);
    expect(turnaroundOf(jobs, NOW - 3600 * 1000, [50, 95])).toEqual([1000, 3000]);
    expect(turnaroundOf(jobs.slice(2, 3), DAY_START, [50, 95])).toEqual([null, null]);
  });

  it('groups the errors by message, most frequent first, then by message, up to the limit', () => {
    expect(errorsOf(jobs, DAY_START, 20)).toEqual([
      { message: 'Nobody is in the photo.', count: 2 },
      { message: 'Restyling took too long.', count: 1 },
    ]);
    expect(errorsOf(jobs, DAY_START, 1)).toEqual([{ message: 'Nobody is in the photo.', count: 2 }]);
    const tie = [job(hash(MIN, { outcome: failed('b') })), job(hash(MIN, { outcome: failed('a') }))];
    expect(errorsOf(tie, DAY_START, 20).map((e) => e.message)).toEqual(['a', 'b']);
  });

  it('lists the completed jobs finished after the cut, newest finish first, up to the limit', () => {
    const listed = resultsOf(jobs, DAY_START, 0, 500);
    expect(listed.map((j) => j.id)).toEqual([jobs[0]!.id, jobs[1]!.id, jobs[3]!.id]);
    // Past retention: finished at or before the cut.
    expect(resultsOf(jobs, DAY_START, jobs[1]!.finishedAt!, 500).map((j) => j.id)).toEqual([jobs[0]!.id]);
    expect(resultsOf(jobs, DAY_START, 0, 1)).toHaveLength(1);
  });

  it('leaves out a job deleted from the console that ended since', () => {
    const deleted = job(hash(MIN, { outcome: { ...failed(''), deleted: true } }));
    expect(deleted.deleted).toBe(true);
    expect(countsOf([...jobs, deleted], DAY_START)).toEqual(countsOf(jobs, DAY_START));
    expect(errorsOf([deleted], DAY_START, 20)).toEqual([]);
    expect(resultsOf([deleted], DAY_START, 0, 500)).toEqual([]);
  });

  it('counts the marks of jobs deleted from the console, with their status when deleted, in their window', () => {
    const marks = [
      { createdAt: NOW - 10 * MIN, status: JOB_STATUS.completed },
      { createdAt: NOW - 2 * 3600 * 1000, status: JOB_STATUS.error },
    ];
    expect(countsOf(jobs, NOW - 3600 * 1000, marks)).toEqual({ created: 6, completed: 3, failed: 1, deleted: 1 });
    expect(countsOf(jobs, DAY_START, marks)).toEqual({ created: 10, completed: 4, failed: 4, deleted: 2 });
  });

  it('puts the windows, turnaround, errors and the queue in one answer', () => {
    const queue = { waiting: 1, running: 2, workers: 3 };
    expect(figuresOf(jobs, [], { hour: NOW - 3600 * 1000, day: DAY_START }, 1, queue)).toEqual({
      lastHour: { created: 5, completed: 2, failed: 1, deleted: 0 },
      today: { created: 8, completed: 3, failed: 3, deleted: 0 },
      turnaroundMs: { p50: 2000, p95: 3000 },
      errors: [{ message: 'Nobody is in the photo.', count: 2 }],
      queue,
    });
  });
});
