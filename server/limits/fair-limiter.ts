// Runs work a few at a time, taking turns between clients: the next to start is the waiting task
// of the client with the fewest tasks running (the earliest on a tie), so one client's flood
// waits behind itself and never in front of another client's single task. A client is a visitor
// at an address (clientKey): turns go first to the address (a venue) with the fewest running,
// then, within it, to the visitor with the fewest running, so a venue's forty guests take turns
// among themselves and another address's task goes before the venue's next. A venue alone may use
// every place: a booth serving one venue from the internet keeps all its workers busy.

/** The key of a visitor's work: `address#visitor`, or the address alone for a client without a visitor token. */
export const clientKey = (address: string, visitor?: string) => (visitor ? `${address}#${visitor}` : address);
/** The address (venue) part of a clientKey. */
export const venueOf = (client: string) => client.split('#', 1)[0]!;

/** The limiter's waiting line is full: answer 503 with Retry-After. */
export class LimiterFullError extends Error {
  override name = 'LimiterFullError';
}

interface Waiting {
  client: string;
  start: () => void;
}

export interface FairLimiterOptions {
  /** Tasks running at once, over all clients. */
  concurrency: number;
  /** Tasks of one client running at once (the rest of its tasks wait). */
  perClient?: number;
  /** Tasks that may wait; past it run() rejects with LimiterFullError at once. */
  maxWaiting?: number;
}

export class FairLimiter {
  #concurrency: number;
  #perClient: number;
  #maxWaiting: number;
  #running = new Map<string, number>();
  #active = 0;
  #waiting: Waiting[] = [];
  #served = new ServedOrder();

  constructor({ concurrency, perClient = concurrency, maxWaiting = Infinity }: FairLimiterOptions) {
    this.#concurrency = concurrency;
    this.#perClient = perClient;
    this.#maxWaiting = maxWaiting;
  }

  /** Runs `task` when its turn comes; `signal` takes a task that has not started off the line. */
  async run<T>(client: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#turn(client, signal);
    try {
      return await task();
    } finally {
      this.#active--;
      const left = (this.#running.get(client) ?? 1) - 1;
      if (left > 0) this.#running.set(client, left);
      else this.#running.delete(client);
      this.#next();
    }
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  #turn(client: string, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    // Whatever in the line could start has started (see #next), so a free place is this client's.
    if (this.#canStart(client)) {
      this.#started(client);
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.#maxWaiting) return Promise.reject(new LimiterFullError('too many waiting'));
    return new Promise((resolve, reject) => {
      const entry: Waiting = {
        client,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const at = this.#waiting.indexOf(entry);
        if (at >= 0) this.#waiting.splice(at, 1);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(entry);
      this.#next();
    });
  }

  #canStart(client: string): boolean {
    return this.#active < this.#concurrency && (this.#running.get(client) ?? 0) < this.#perClient;
  }

  #started(client: string) {
    this.#served.started(client);
    this.#active++;
    this.#running.set(client, (this.#running.get(client) ?? 0) + 1);
  }

  #next() {
    while (this.#active < this.#concurrency) {
      const at = pickFair(this.#waiting, (w) => w.client, this.#running, this.#perClient, this.#served.map);
      if (at < 0) return;
      const [entry] = this.#waiting.splice(at, 1);
      this.#started(entry!.client);
      entry!.start();
    }
  }
}

/** Tasks running per address (venueOf), summed over its visitors. */
function venueRunning(running: ReadonlyMap<string, number>): Map<string, number> {
  const venues = new Map<string, number>();
  for (const [client, count] of running) venues.set(venueOf(client), (venues.get(venueOf(client)) ?? 0) + count);
  return venues;
}

/**
 * The index of the waiting item to start next: of the clients under `perClient` running, the one
 * whose address has the fewest running, then the one
 * with the fewest running itself, on a tie the one served longest ago (`served`: a client's last
 * start, higher is later; a client never served goes first), its earliest item; -1 when none may
 * start. A client without a visitor is an address of its own, so addresses alone take turns as
 * they always did.
 */
export function pickFair<T>(
  waiting: readonly T[],
  clientOf: (item: T) => string,
  running: ReadonlyMap<string, number>,
  perClient = Infinity,
  served: ReadonlyMap<string, number> = new Map(),
): number {
  const venues = venueRunning(running);
  let best = -1;
  let bestVenue = Infinity;
  let bestRunning = Infinity;
  let bestServed = Infinity;
  const seen = new Set<string>();
  for (let i = 0; i < waiting.length; i++) {
    const client = clientOf(waiting[i]!);
    if (seen.has(client)) continue;
    seen.add(client);
    const venue = venues.get(venueOf(client)) ?? 0;
    const count = running.get(client) ?? 0;
    const last = served.get(client) ?? -1;
    if (count >= perClient) continue;
    const better =
      venue < bestVenue ||
      (venue === bestVenue && (count < bestRunning || (count === bestRunning && last < bestServed)));
    if (better) {
      best = i;
      bestVenue = venue;
      bestRunning = count;
      bestServed = last;
    }
  }
  return best;
}

/** When each client last started a task, for pickFair; forgets the oldest past `max` clients. */
export class ServedOrder {
  #served = new Map<string, number>();
  #seq = 0;
  #max: number;

  constructor(max = 10_000) {
    this.#max = max;
  }

  started(client: string) {
    this.#served.delete(client);
    this.#served.set(client, this.#seq++);
    if (this.#served.size > this.#max) this.#served.delete(this.#served.keys().next().value!);
  }

  get map(): ReadonlyMap<string, number> {
    return this.#served;
  }
}
