// Opt-in leads on the scale-out path: any API node checks a guest's form as the embedded server
// does (hosts/leads.ts) and queues the lead in Redis (a BullMQ queue, AOF on: docs/deploy.md) before
// its 201, so it survives a restart of every node; the control node, which holds the tenants'
// SQLite file, takes each and stores it in its `leads` table, where the CSV, the deletion on request
// and the lead retention work as on the embedded default. Stored (or dropped: its tenant gone, or
// past its tenant's lead retention), the lead is removed from Redis at once. Nothing of a lead is
// ever logged, and a failure kept in Redis between two tries is the store's sentence, not the lead.
import { Queue, Worker, type Job } from 'bullmq';
import type { Lead } from '../../contract/leads.ts';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import { failFast, waitForever } from './redis-options.ts';
import { detailOf, QUEUE_SERVICE, within } from './service-call.ts';

export const LEAD_QUEUE_NAME = 'booth-leads';

/** What a queued lead holds: the tenant and the fields it asked for; when it was given is the job's timestamp. */
export interface QueuedLead {
  tenant: string;
  lead: Lead;
}

/** A store that fails (a full disk) is tried again, at most a minute apart, until it takes the lead. */
const leadOptions = {
  attempts: 1_000_000,
  backoff: { type: 'custom' },
  removeOnComplete: true,
  removeOnFail: true,
} as const;
const retryDelayMs = (attemptsMade: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, attemptsMade - 1));

/** An API node's side: the lead is in Redis when queue() resolves. */
export class LeadQueue {
  #queue: Queue<QueuedLead>;
  #timeoutMs: number;

  constructor(redisUrl: string, options: { timeoutMs: number }) {
    this.#queue = new Queue<QueuedLead>(LEAD_QUEUE_NAME, { connection: failFast(redisUrl) });
    // An outage is the job path's line to tell; the request gets its 503.
    this.#queue.on('error', () => {});
    this.#timeoutMs = options.timeoutMs;
  }

  async queue(tenant: string, lead: Lead): Promise<void> {
    await within(QUEUE_SERVICE, this.#timeoutMs, () => this.#queue.add('lead', { tenant, lead }, leadOptions)).catch(
      (error: unknown) => {
        throw error instanceof ServiceUnavailableError
          ? error
          : new ServiceUnavailableError(QUEUE_SERVICE, detailOf(error));
      },
    );
  }

  close() {
    return this.#queue.close();
  }
}

export interface LeadKeeperDeps {
  redisUrl: string;
  /** Stores the lead as given at `at` (ms); false: not kept (its tenant is gone, or it is past its tenant's lead retention). */
  keep(tenant: string, lead: Lead, at: number): boolean;
  log: (line: string) => void;
}

/** The control node's side: takes the queued leads one at a time, in the order they were given. */
export function startLeadKeeper(deps: LeadKeeperDeps) {
  const { log } = deps;
  const take = async (job: Job<QueuedLead>) => {
    try {
      return deps.keep(job.data.tenant, job.data.lead, job.timestamp) ? 'stored' : 'dropped';
    } catch (error) {
      // The store's own sentence (SQLite names no values), once per lead; tried again.
      if (job.attemptsMade === 0) log(`leads: a queued lead could not be stored yet: ${detailOf(error)}`);
      throw new Error('The leads table could not be written; tried again.');
    }
  };
  // What waited while this node was down, told once (how many, nothing of them), before taking any.
  const queue = new Queue<QueuedLead>(LEAD_QUEUE_NAME, { connection: failFast(deps.redisUrl) });
  queue.on('error', () => {});
  let worker: Worker<QueuedLead, string> | null = null;
  let closing = false;
  const started = queue
    .getJobCounts('wait', 'delayed', 'active', 'prioritized')
    .then((counts) => {
      const left = Object.values(counts).reduce((a, b) => a + b, 0);
      if (left > 0) log(`leads: ${left} lead(s) waiting in Redis from while this node was away`);
    })
    .catch(() => {})
    .then(() => {
      if (closing) return;
      worker = new Worker<QueuedLead, string>(LEAD_QUEUE_NAME, take, {
        connection: waitForever(deps.redisUrl),
        concurrency: 1,
        settings: { backoffStrategy: retryDelayMs },
      });
      // The job path's outage line says Redis is away; the worker reconnects by itself.
      worker.on('error', () => {});
    });
  return {
    async close() {
      closing = true;
      await started;
      await worker?.close();
      await queue.close();
    },
  };
}
