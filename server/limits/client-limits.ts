// What one client (one address, see client-address.ts) may ask of the job queue: a few jobs in
// flight at once and a steady rate, so one phone or script cannot fill the queue for everyone.
import { GUEST_TEXT } from '../../contract/i18n/en.ts';
import { fill } from '../../contract/i18n/fill.ts';

export interface ClientLimitsOptions {
  /** Jobs of one client from its create request until the job ends. */
  maxInFlight: number;
  /** New jobs per client per minute, with a burst of as many. */
  perMinute: number;
  now?: () => number;
  /** The sentences of a refusal (a visitor's own limits by default). */
  messages?: ClientMessages;
}

export interface ClientMessages {
  inFlight: (maxInFlight: number) => string;
  rate: (seconds: number) => string;
}

export const VISITOR_LIMIT_MESSAGES: ClientMessages = {
  inFlight: (max) => fill(GUEST_TEXT.visitorInFlight, { max }),
  rate: (seconds) => fill(GUEST_TEXT.clientRate, { seconds }),
};

export type ClientAdmission =
  | { ok: true; release: () => void }
  | { ok: false; retryAfterSeconds: number; message: string };

interface ClientState {
  inFlight: number;
  /** Jobs the client may still start now (a token bucket refilled at perMinute). */
  tokens: number;
  updated: number;
}

export class ClientLimits {
  #options: Required<ClientLimitsOptions>;
  #clients = new Map<string, ClientState>();

  constructor(options: ClientLimitsOptions) {
    this.#options = { now: Date.now, messages: VISITOR_LIMIT_MESSAGES, ...options };
  }

  admit(client: string): ClientAdmission {
    return this.refusal(client) ?? this.take(client);
  }

  /** Why `client` may not start one more now, or null; takes nothing (see take). */
  refusal(client: string): Extract<ClientAdmission, { ok: false }> | null {
    const { maxInFlight, perMinute, now, messages } = this.#options;
    const state = this.#refill(client, now());
    if (state.inFlight >= maxInFlight)
      return { ok: false, retryAfterSeconds: 10, message: messages.inFlight(maxInFlight) };
    if (state.tokens < 1) {
      const seconds = Math.max(1, Math.ceil(((1 - state.tokens) * 60) / perMinute));
      return { ok: false, retryAfterSeconds: seconds, message: messages.rate(seconds) };
    }
    return null;
  }

  /** Counts one more for `client`, after refusal() said it may. */
  take(client: string): Extract<ClientAdmission, { ok: true }> {
    const state = this.#refill(client, this.#options.now());
    state.tokens -= 1;
    state.inFlight++;
    let held = true;
    return {
      ok: true,
      release: () => {
        if (!held) return;
        held = false;
        state.inFlight--;
        this.#forgetIdle(client, state);
      },
    };
  }

  /** Clients tracked (with a job in flight or a bucket not yet full). */
  get size(): number {
    return this.#clients.size;
  }

  #refill(client: string, at: number): ClientState {
    // Entries of clients gone quiet are dropped as others arrive, so the map stays small.
    if (this.#clients.size > 1000)
      for (const [other, s] of this.#clients) this.#forgetIdle(other, this.#refillOnly(s, at));
    let state = this.#clients.get(client);
    if (!state) {
      state = { inFlight: 0, tokens: this.#options.perMinute, updated: at };
      this.#clients.set(client, state);
    }
    return this.#refillOnly(state, at);
  }

  #refillOnly(state: ClientState, at: number): ClientState {
    const { perMinute } = this.#options;
    state.tokens = Math.min(perMinute, state.tokens + ((at - state.updated) / 60_000) * perMinute);
    state.updated = at;
    return state;
  }

  #forgetIdle(client: string, state: ClientState) {
    if (state.inFlight === 0 && state.tokens >= this.#options.perMinute && this.#clients.get(client) === state)
      this.#clients.delete(client);
  }
}
