import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../../../../server/limits/login-throttle.ts';

describe('failed logins', () => {
  it('are let through up to the limit, then wait until the oldest failure leaves the window', () => {
    let now = 0;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    const keys = ['address:10.0.0.5', 'user:booth-build'];
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterSeconds(keys)).toBe(0);
      throttle.recordFailure(keys);
      now += 1_000;
    }
    expect(throttle.retryAfterSeconds(keys)).toBe(57);
    now = 60_001;
    expect(throttle.retryAfterSeconds(keys)).toBe(0);
  });

  it('counts per address and per user name: either one over the limit makes the other wait', () => {
    const throttle = new LoginThrottle(2, 60_000, () => 0);
    throttle.recordFailure(['address:a', 'user:x']);
    throttle.recordFailure(['address:b', 'user:x']);
    expect(throttle.retryAfterSeconds(['address:c', 'user:x'])).toBe(60);
    expect(throttle.retryAfterSeconds(['address:a', 'user:y'])).toBe(0);
  });

  it('keeps a bounded number of counters', () => {
    const throttle = new LoginThrottle(1, 60_000, () => 0);
    for (let i = 0; i < 10_050; i++) throttle.recordFailure([`user:${i}`]);
    expect(throttle.retryAfterSeconds(['user:0'])).toBe(0);
    expect(throttle.retryAfterSeconds(['user:10049'])).toBe(60);
  });
});
