// A provider that keeps failing is not called for every guest: after FAILURES_TO_OPEN failed
// calls in a row it is skipped (its styles go straight to their fallback, or end with the
// "isn't answering" sentence) for the cooldown (BOOTH_PROVIDER_COOLDOWN_SECONDS); then one trial
// call is let through, and its outcome closes the breaker again or opens it for another cooldown.
// A call that answered at all (a picture, a refusal, a bad request) counts as the provider being up.

/** Failed calls in a row that open the breaker. */
export const FAILURES_TO_OPEN = 5;

export class CircuitBreaker {
  #failures = 0;
  /** When the breaker opened (ms), null while it is closed. */
  #openedAt: number | null = null;
  #trialInFlight = false;
  readonly #cooldownMs: number;
  readonly #now: () => number;
  readonly #onChange: (line: string) => void;
  readonly #name: string;

  constructor(name: string, cooldownMs: number, onChange: (line: string) => void = () => {}, now = Date.now) {
    this.#name = name;
    this.#cooldownMs = cooldownMs;
    this.#onChange = onChange;
    this.#now = now;
  }

  /** Whether a call now would be skipped, without taking the trial call. */
  get skipping(): boolean {
    if (this.#openedAt === null) return false;
    return this.#trialInFlight || this.#now() - this.#openedAt < this.#cooldownMs;
  }

  /** Seconds until the trial call, for the line that says why a call was skipped. */
  get secondsLeft(): number {
    if (this.#openedAt === null) return 0;
    return Math.max(0, Math.ceil((this.#openedAt + this.#cooldownMs - this.#now()) / 1000));
  }

  /** Takes a call: false when the provider is skipped; true for a call (the trial one after the cooldown). */
  take(): boolean {
    if (this.#openedAt === null) return true;
    if (this.skipping) return false;
    this.#trialInFlight = true;
    return true;
  }

  /** The call failed: the provider did not answer, or answered that it cannot serve now. */
  failed() {
    this.#failures++;
    if (this.#trialInFlight) {
      this.#trialInFlight = false;
      this.#openedAt = this.#now();
      this.#onChange(
        `${this.#name}: the trial call failed; skipped for another ${Math.round(this.#cooldownMs / 1000)} s.`,
      );
    } else if (this.#openedAt === null && this.#failures >= FAILURES_TO_OPEN) {
      this.#openedAt = this.#now();
      this.#onChange(
        `${this.#name}: ${this.#failures} failed calls in a row; skipped for ${Math.round(this.#cooldownMs / 1000)} s (BOOTH_PROVIDER_COOLDOWN_SECONDS), then tried again.`,
      );
    }
  }

  /** The provider answered. */
  answered() {
    const wasOpen = this.#openedAt !== null;
    this.#failures = 0;
    this.#openedAt = null;
    this.#trialInFlight = false;
    if (wasOpen) this.#onChange(`${this.#name}: answered the trial call; called again.`);
  }

  /** The call ended without telling anything (the server stopping): a trial call is free again. */
  released() {
    this.#trialInFlight = false;
  }
}
