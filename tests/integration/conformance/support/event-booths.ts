// The two job paths the console's event routes are tested on, behind one shape: the embedded
// booth (one process, SQLite and files) and the scale-out path (a control node reading Redis and
// the S3 store, jobs created on an API node and run on a worker, each a process of its own). Both
// have the same styles: a generative one on the OpenAI stand-in, slow when a test asks, and two
// local ones.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Job as QueueJob, Queue } from 'bullmq';
import { QUEUE_NAME, type JobOutcome, type QueuedJob } from '../../../../server/scale/queue.ts';
import type { RunningServer } from '../../../support/server-process.ts';
import { MIXED_STYLES, printed, startCluster } from '../../../support/scale-cluster.ts';
import { startStylesBooth } from '../../../support/styles-booth.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../../support/stand-ins/openai.ts';

export interface EventBooth {
  /** Where the console's API answers. */
  consoleUrl: string;
  /** Where guests create and read jobs. */
  apiUrl: string;
  /** Queue workers the figures report. */
  workers: number;
  openai: OpenAiStandIn;
  /** Milliseconds from a job's creation to its end, as the store recorded them. */
  turnaround(id: string): Promise<number>;
  /** The job's result files still stored. */
  resultFiles(id: string): Promise<string[]>;
  /** The job's photo files still stored. */
  photoFiles(id: string): Promise<string[]>;
  /** Resolves with the line once a node running jobs printed one matching `pattern`. */
  printed(pattern: RegExp, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export interface EventPath {
  name: string;
  start(): Promise<EventBooth>;
}

const LIMITS = { BOOTH_CLIENT_JOBS: '50', BOOTH_CLIENT_JOBS_PER_MINUTE: '500' };

const firstPrinted = (nodes: RunningServer[], pattern: RegExp, timeoutMs?: number) =>
  Promise.any(nodes.map((node) => printed(node, pattern, timeoutMs)));

export const embedded: EventPath = {
  name: 'the embedded booth (SQLite and files)',
  async start() {
    const openai = await startOpenAiStandIn();
    const server = await startStylesBooth(MIXED_STYLES, openai, {
      area: 'events',
      env: { ...LIMITS, BOOTH_HTTPS: 'off' },
    });
    const inDb = <T>(sql: string, ...args: string[]) => {
      const db = new DatabaseSync(path.join(server.dataDir, 'booth.sqlite'), { readOnly: true });
      try {
        return db.prepare(sql).get(...args) as T;
      } finally {
        db.close();
      }
    };
    const filesIn = (dir: string, keep: (name: string) => boolean) =>
      fs.existsSync(dir) ? fs.readdirSync(dir).filter(keep) : [];
    return {
      consoleUrl: server.url,
      apiUrl: server.url,
      workers: 1,
      openai,
      turnaround: async (id) =>
        inDb<{ ms: number }>('SELECT finished_at - created_at AS ms FROM jobs WHERE id = ?', id).ms,
      resultFiles: async (id) => filesIn(path.join(server.dataDir, 'results', id), () => true),
      photoFiles: async (id) => filesIn(path.join(server.dataDir, 'uploads'), (name) => name.startsWith(id)),
      printed: (pattern, timeoutMs) => firstPrinted([server], pattern, timeoutMs),
      async close() {
        await server.stop();
        await openai.close();
      },
    };
  },
};

export const scaleOut: EventPath = {
  name: 'the scale-out path (Redis and S3, API node, worker, control node)',
  async start() {
    const cluster = await startCluster({ apis: 1, workers: 1, env: LIMITS });
    const control = await cluster.startControl();
    const queue = new Queue<QueuedJob, JobOutcome>(QUEUE_NAME, { connection: { url: cluster.redis.url } });
    return {
      consoleUrl: control.url,
      apiUrl: cluster.apis[0]!.url,
      // The worker process and the control node's own engines take jobs from the queue.
      workers: 2,
      openai: cluster.openai,
      async turnaround(id) {
        const job = (await QueueJob.fromId(queue, id))!;
        return job.finishedOn! - job.timestamp;
      },
      resultFiles: (id) => cluster.s3.keys(`results/${id}/`),
      photoFiles: async (id) => (await cluster.s3.keys('photos/')).filter((key) => key.includes(id)),
      printed: (pattern, timeoutMs) => firstPrinted([...cluster.workers, control], pattern, timeoutMs),
      async close() {
        await queue.close();
        await cluster.close();
      },
    };
  },
};
