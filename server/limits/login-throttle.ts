// Failed logins are counted per client address and per user name over a sliding window; past the
// limit, the next try waits (429 with Retry-After), so a password cannot be guessed at speed.
// Memory stays bounded however many addresses and names an attacker makes up.

/** Counters kept at most: the oldest are dropped first. */
const MAX_KEYS = 10_000;

export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor(limit: number, windowMs: number, now = () => Date.now()) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** Whole seconds until every key may try again; 0 when none of them is over the limit. */
  retryAfterSeconds(keys: readonly string[]): number {
    const now = this.#now();
    let waitMs = 0;
    for (const key of keys) {
      const recent = this.#recent(key, now);
      if (recent.length >= this.#limit)
        waitMs = Math.max(waitMs, recent[recent.length - this.#limit]! + this.#windowMs - now);
    }
    return Math.ceil(waitMs / 1000);
  }

  recordFailure(keys: readonly string[]): void {
    const now = this.#now();
    for (const key of keys) {
      const recent = this.#recent(key, now);
      recent.push(now);
      // Re-inserted at the end: the map's order is the order of last use.
      this.#failures.delete(key);
      this.#failures.set(key, recent.slice(-this.#limit));
    }
    while (this.#failures.size > MAX_KEYS) this.#failures.delete(this.#failures.keys().next().value!);
  }

  #recent(key: string, now: number): number[] {
    return (this.#failures.get(key) ?? []).filter((at) => at > now - this.#windowMs);
  }
}
