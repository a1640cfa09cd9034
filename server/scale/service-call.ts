// Calls to Redis and S3 bounded in time: an unreachable service is a ServiceUnavailableError (503
// and one log line), never a request that hangs. One line per outage, and one when it is back.
import { ServiceUnavailableError } from '../jobs/job-backend.ts';

export const QUEUE_SERVICE = 'job queue (Redis)';
export const STORE_SERVICE = 'photo store (S3)';

export const detailOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/** `work` within `ms`, else a ServiceUnavailableError naming `service`; its own failure is passed on. */
export async function within<T>(service: string, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(ms);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServiceUnavailableError(service, `no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work(signal), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Logs the first failure of an outage and the first success after it, not every retry between. */
export class OutageLog {
  #down = false;
  #service: string;
  #log: (line: string) => void;

  constructor(service: string, log: (line: string) => void) {
    this.#service = service;
    this.#log = log;
  }

  get down() {
    return this.#down;
  }

  failed(detail: string) {
    if (this.#down) return;
    this.#down = true;
    this.#log(`${this.#service} unreachable: ${detail}; retrying until it is back`);
  }

  ok() {
    if (!this.#down) return;
    this.#down = false;
    this.#log(`${this.#service} reachable again`);
  }
}
