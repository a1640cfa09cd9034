// Turnaround figures for the console: nearest-rank percentiles, read from a sorted list by
// position so the database hands over one value per figure instead of every job's time.

/** The 0-based position of the p-th percentile (nearest rank) in a sorted list of `count` values; null for none. */
export function nearestRankIndex(count: number, p: number): number | null {
  if (count <= 0) return null;
  const rank = Math.ceil((p / 100) * count);
  return Math.min(count - 1, Math.max(0, rank - 1));
}
