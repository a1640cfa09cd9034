// A guest's minute limits beside a job (a lead, an email), counted in this process: each call's
// buckets are taken together, one from each or none, and a refusal names the bucket that is empty.
import { describe, expect, it } from 'vitest';
import { localMinuteLimits, type MinuteBucket } from '../../../../server/limits/minute-limits.ts';

const visitor = (who: string, perMinute = 2): MinuteBucket => ({
  kind: 'mail-visitor',
  who,
  perMinute,
  rate: (s) => `visitor: wait ${s} s`,
});
const booth = (perMinute: number): MinuteBucket => ({
  kind: 'mail-booth',
  who: 'booth',
  perMinute,
  rate: (s) => `booth: wait ${s} s`,
});

describe('minute limits in this process', () => {
  it('lets a visitor ask as often as their bucket holds, then says how long to wait', () => {
    const limits = localMinuteLimits();
    expect(limits.take([visitor('ada')])).toBeNull();
    expect(limits.take([visitor('ada')])).toBeNull();
    expect(limits.take([visitor('ada')])).toEqual({ message: 'visitor: wait 30 s', retryAfterSeconds: 30 });
    // Another visitor has a bucket of their own.
    expect(limits.take([visitor('grace')])).toBeNull();
  });

  it('takes from no bucket when one of them is empty', async () => {
    const limits = localMinuteLimits();
    expect(limits.take([visitor('ada', 5), booth(1)])).toBeNull();
    const refused = await limits.take([visitor('grace', 5), booth(1)]);
    expect(refused?.message).toBe('booth: wait 60 s');
    // Grace's bucket was not touched by the refusal: her five are all there.
    for (let i = 0; i < 5; i++) expect(limits.take([visitor('grace', 5)])).toBeNull();
    expect(limits.take([visitor('grace', 5)])).not.toBeNull();
  });
});
