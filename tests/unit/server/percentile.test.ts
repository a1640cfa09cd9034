import { describe, expect, it } from 'vitest';
import { nearestRankIndex } from '../../../server/storage/percentile.ts';

describe('nearest-rank percentile position', () => {
  it('has none for an empty list', () => {
    expect(nearestRankIndex(0, 50)).toBeNull();
  });

  it('picks the value at rank ceil(p/100 × n), counted from 1', () => {
    expect(nearestRankIndex(1, 50)).toBe(0);
    expect(nearestRankIndex(1, 95)).toBe(0);
    expect(nearestRankIndex(2, 50)).toBe(0);
    expect(nearestRankIndex(2, 95)).toBe(1);
    expect(nearestRankIndex(10, 50)).toBe(4);
    expect(nearestRankIndex(10, 95)).toBe(9);
    expect(nearestRankIndex(100, 95)).toBe(94);
    expect(nearestRankIndex(101, 50)).toBe(50);
  });

  it('agrees with sorting a list and reading it at that position', () => {
    const values = [900, 120, 450, 300, 3000, 75, 610];
    const sorted = [...values].sort((a, b) => a - b);
    expect(sorted[nearestRankIndex(values.length, 50)!]).toBe(450);
    expect(sorted[nearestRankIndex(values.length, 95)!]).toBe(3000);
  });

  it('stays inside the list at the edges', () => {
    expect(nearestRankIndex(5, 0)).toBe(0);
    expect(nearestRankIndex(5, 100)).toBe(4);
  });
});
