// A visitor is a browser, and an address is a venue. Behind a venue's Wi-Fi every guest's phone
// reaches the booth from one public address, so the limits of client-limits.ts are counted
// twice: per visitor (its signed token, visitor-tokens.ts) as they always were, and per address
// with a ceiling sized for a venue. Minting tokens buys nothing past the address's ceiling, and
// tokens are minted per address at a bounded rate. A create without a token is its address's
// one visitor, as before visitors had tokens.
import { ClientLimits, type ClientAdmission, type ClientMessages } from './client-limits.ts';
import { clientKey } from './fair-limiter.ts';
import { GUEST_TEXT } from '../../contract/i18n/en.ts';
import { fill } from '../../contract/i18n/fill.ts';

export interface VenueLimitsOptions {
  visitorJobs: number;
  visitorJobsPerMinute: number;
  addressJobs: number;
  addressJobsPerMinute: number;
  /** Visitor tokens one address may be given a minute (as many at once). */
  visitorsPerMinute: number;
  now?: () => number;
}

export const VENUE_MESSAGES: ClientMessages = {
  inFlight: (max) => fill(GUEST_TEXT.venueInFlight, { max }),
  rate: (seconds) => fill(GUEST_TEXT.venueRate, { seconds }),
};

export const MINT_MESSAGES: ClientMessages = {
  inFlight: () => GUEST_TEXT.visitorsInFlight,
  rate: (seconds) => fill(GUEST_TEXT.visitorsRate, { seconds }),
};

/** Admission of one create, and the key its work is queued under (fair-limiter.ts). */
export type VenueAdmission = ClientAdmission & { client: string };

/**
 * Where a venue's limits are counted: in this process (VenueLimits, the embedded default), or in
 * Redis for every API node together (scale/redis-venues.ts), so that N nodes give an address its
 * ceiling once, not N times.
 */
export interface Venues {
  admit(address: string, visitor?: string): VenueAdmission | Promise<VenueAdmission>;
  mint(address: string): ClientAdmission | Promise<ClientAdmission>;
}

export class VenueLimits implements Venues {
  #visitors: ClientLimits;
  #addresses: ClientLimits;
  #mints: ClientLimits;

  constructor(options: VenueLimitsOptions) {
    const now = options.now ?? Date.now;
    this.#visitors = new ClientLimits({
      maxInFlight: options.visitorJobs,
      perMinute: options.visitorJobsPerMinute,
      now,
    });
    this.#addresses = new ClientLimits({
      maxInFlight: options.addressJobs,
      perMinute: options.addressJobsPerMinute,
      now,
      messages: VENUE_MESSAGES,
    });
    this.#mints = new ClientLimits({
      maxInFlight: Infinity,
      perMinute: options.visitorsPerMinute,
      now,
      messages: MINT_MESSAGES,
    });
  }

  /** One more job of `visitor` (a checked token's id; none for a client without a token) from `address`. */
  admit(address: string, visitor?: string): VenueAdmission {
    const client = clientKey(address, visitor);
    // The visitor's own limits first: a guest over them hears about their own photos.
    const refused = this.#visitors.refusal(client) ?? this.#addresses.refusal(address);
    if (refused) return { ...refused, client };
    const own = this.#visitors.take(client);
    const venue = this.#addresses.take(address);
    return {
      ok: true,
      client,
      release: () => {
        own.release();
        venue.release();
      },
    };
  }

  /** Whether `address` may be given one more visitor token now. */
  mint(address: string): ClientAdmission {
    const admission = this.#mints.admit(address);
    if (admission.ok) admission.release();
    return admission;
  }
}
