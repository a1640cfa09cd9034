import { describe, expect, it } from 'vitest';
import { VENUE_MESSAGES, VenueLimits } from '../../../../server/limits/venue-limits.ts';

const options = {
  visitorJobs: 4,
  visitorJobsPerMinute: 30,
  addressJobs: 10,
  addressJobsPerMinute: 100,
  visitorsPerMinute: 5,
};

describe('venue limits: a visitor is a browser, an address is a venue', () => {
  it("holds each visitor to its own jobs in flight, and every visitor of an address to the venue's ceiling", () => {
    const limits = new VenueLimits(options);
    const first = Array.from({ length: 5 }, () => limits.admit('203.0.113.7', 'guest-1'));
    expect(first.map((a) => a.ok)).toEqual([true, true, true, true, false]);
    expect(first[4]).toMatchObject({
      retryAfterSeconds: 10,
      message: 'You have 4 photos being restyled already. Please wait for them to finish.',
    });
    const others = Array.from({ length: 8 }, (_, i) => limits.admit('203.0.113.7', `guest-${i + 2}`));
    // 4 of guest-1, then 6 more up to the ceiling of 10.
    expect(others.filter((a) => a.ok)).toHaveLength(6);
    expect(others.at(-1)).toMatchObject({ ok: false, message: VENUE_MESSAGES.inFlight(10) });
    // Another address is another venue.
    expect(limits.admit('198.51.100.1', 'guest-1').ok).toBe(true);
    // A job ended frees a place for the venue.
    const done = first[0]!;
    if (done.ok) done.release();
    expect(limits.admit('203.0.113.7', 'guest-99').ok).toBe(true);
  });

  it('counts a client without a token as its address, one visitor as before, within the same ceiling', () => {
    const limits = new VenueLimits({ ...options, addressJobs: 6 });
    const plain = Array.from({ length: 5 }, () => limits.admit('203.0.113.7'));
    expect(plain.map((a) => a.ok)).toEqual([true, true, true, true, false]);
    expect(plain[0]!.client).toBe('203.0.113.7');
    const guests = Array.from({ length: 3 }, (_, i) => limits.admit('203.0.113.7', `g${i}`));
    expect(guests.map((a) => a.ok)).toEqual([true, true, false]);
    expect(guests[0]!.client).toBe('203.0.113.7#g0');
  });

  it('a refusal by the venue takes nothing from the visitor', () => {
    const limits = new VenueLimits({ ...options, addressJobs: 1, visitorJobsPerMinute: 1 });
    const first = limits.admit('203.0.113.7', 'a');
    expect(first.ok).toBe(true);
    for (let i = 0; i < 5; i++)
      expect(limits.admit('203.0.113.7', 'b')).toMatchObject({ ok: false, message: VENUE_MESSAGES.inFlight(1) });
    // b's one job a minute was never spent by those refusals: once a's job ends, b is admitted.
    if (first.ok) first.release();
    expect(limits.admit('203.0.113.7', 'b').ok).toBe(true);
  });

  it('gives an address a bounded number of visitor tokens a minute', () => {
    const limits = new VenueLimits(options);
    const minted = Array.from({ length: 7 }, () => limits.mint('203.0.113.7'));
    expect(minted.map((m) => m.ok)).toEqual([true, true, true, true, true, false, false]);
    expect(minted[5]).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^Too many visitors from your network at once\. Please try again in \d+ seconds\.$/,
      ),
    });
    expect(limits.mint('198.51.100.1').ok).toBe(true);
  });
});
