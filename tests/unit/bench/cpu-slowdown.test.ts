import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from '../../../bench/site/cpu-slowdown.ts';

describe("the site bench's CPU slowdown for a host", () => {
  it("gives Lighthouse's 4x to the host its default is made for, and the guide's slowdown elsewhere", () => {
    expect(cpuSlowdownFor(1533)).toBe(4);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(150)).toBe(1);
    expect(cpuSlowdownFor(1050)).toBeCloseTo(2.5, 5);
    expect(cpuSlowdownFor(1766)).toBeCloseTo(5, 5);
    expect(cpuSlowdownFor(2000)).toBeCloseTo(6, 1);
  });

  it('slows a faster host more, never below 1x, and refuses a failed measure rather than run unthrottled', () => {
    const hosts = [100, 400, 800, 1000, 1299, 1301, 1533, 1600, 2500];
    const slowdowns = hosts.map(cpuSlowdownFor);
    for (let i = 1; i < slowdowns.length; i++) expect(slowdowns[i]).toBeGreaterThan(slowdowns[i - 1]! - 1e-9);
    expect(cpuSlowdownFor(100)).toBe(1);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/benchmark index is NaN/);
  });
});
