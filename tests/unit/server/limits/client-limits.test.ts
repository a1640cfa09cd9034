import { describe, expect, it } from 'vitest';
import { ClientLimits } from '../../../../server/limits/client-limits.ts';

describe('ClientLimits', () => {
  it("admits a client's jobs up to maxInFlight, and one more once a job ended", () => {
    const limits = new ClientLimits({ maxInFlight: 2, perMinute: 100 });
    const first = limits.admit('10.0.0.1');
    const second = limits.admit('10.0.0.1');
    const third = limits.admit('10.0.0.1');
    expect([first.ok, second.ok, third.ok]).toEqual([true, true, false]);
    expect(third).toMatchObject({
      retryAfterSeconds: 10,
      message: 'You have 2 photos being restyled already. Please wait for them to finish.',
    });
    // Another client is not held back by the first one.
    expect(limits.admit('10.0.0.2').ok).toBe(true);
    if (first.ok) first.release();
    if (first.ok) first.release(); // releasing twice frees one place only
    expect(limits.admit('10.0.0.1').ok).toBe(true);
    expect(limits.admit('10.0.0.1').ok).toBe(false);
  });

  it('admits perMinute new jobs at once, then one as each share of the minute passes, saying when', () => {
    let now = 1_000_000;
    const limits = new ClientLimits({ maxInFlight: 100, perMinute: 6, now: () => now });
    const admitted = Array.from({ length: 7 }, () => limits.admit('10.0.0.1'));
    expect(admitted.map((a) => a.ok)).toEqual([true, true, true, true, true, true, false]);
    expect(admitted[6]).toMatchObject({
      retryAfterSeconds: 10,
      message: 'Too many photos at once. Please try again in 10 seconds.',
    });
    now += 5_000;
    expect(limits.admit('10.0.0.1')).toMatchObject({ ok: false, retryAfterSeconds: 5 });
    now += 5_000;
    expect(limits.admit('10.0.0.1').ok).toBe(true);
  });

  it('forgets clients gone quiet, so a flood of addresses does not grow it without end', () => {
    let now = 0;
    const limits = new ClientLimits({ maxInFlight: 1, perMinute: 1, now: () => now });
    for (let i = 0; i < 1500; i++) {
      const a = limits.admit(`10.0.${i >> 8}.${i & 255}`);
      if (a.ok) a.release();
    }
    now += 60_000;
    limits.admit('10.9.9.9');
    expect(limits.size).toBeLessThanOrEqual(2);
  });
});
