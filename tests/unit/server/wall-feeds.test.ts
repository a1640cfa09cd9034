// The live walls of one node: each wall gets the whole wall when it opens and after each change
// of its tenant (a burst read once), nothing of other tenants, nothing once it left; and the wall
// is read again when its oldest result reaches retention.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalWallBus } from '../../../server/wall/wall-bus.ts';
import { WallFeeds } from '../../../server/wall/wall-feeds.ts';
import type { WallEntry, WallJobs } from '../../../server/wall/wall-jobs.ts';

const entry = (id: string, expiresAt = Date.now() + 3_600_000): WallEntry => ({
  id,
  path: `/media/results/${id}/result.webp`,
  at: Date.now(),
  expiresAt,
});

/** A store whose walls the test sets, counting the reads. */
function store(walls: Record<string, WallEntry[]>) {
  const reads: string[] = [];
  const jobs: WallJobs = {
    find: async () => undefined,
    say: async () => {},
    review: async () => false,
    waiting: async () => [],
    shown: async (tenant) => {
      reads.push(tenant);
      // Past retention is gone, as the store's query has it.
      return (walls[tenant] ?? []).filter((e) => e.expiresAt > Date.now());
    },
  };
  return { jobs, reads };
}

const ids = (entries: WallEntry[]) => entries.map((e) => e.id);

describe('the live walls', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends the wall on joining, then after each change of its tenant, a burst read once, and nothing of others'", async () => {
    const walls: Record<string, WallEntry[]> = { gala: [entry('a')], aurora: [] };
    const { jobs, reads } = store(walls);
    const bus = new LocalWallBus();
    const feeds = new WallFeeds({ jobs, bus, onError: (e) => expect.fail(String(e)) });
    const first: string[][] = [];
    const second: string[][] = [];
    const other: string[][] = [];
    await feeds.join('gala', (e) => first.push(ids(e)));
    await feeds.join('gala', (e) => second.push(ids(e)));
    await feeds.join('aurora', (e) => other.push(ids(e)));
    expect(first).toEqual([['a']]);
    expect(feeds.walls).toBe(3);

    walls.gala = [entry('b'), entry('a')];
    reads.length = 0;
    bus.publish('gala');
    bus.publish('gala');
    bus.publish('gala');
    await vi.advanceTimersByTimeAsync(100);
    expect(reads).toEqual(['gala']);
    expect(first).toEqual([['a'], ['b', 'a']]);
    expect(second).toEqual([['a'], ['b', 'a']]);
    expect(other).toEqual([[]]);
    feeds.close();
  });

  it('sends nothing to a wall that left, and forgets a tenant with no walls open', async () => {
    const walls: Record<string, WallEntry[]> = { gala: [] };
    const { jobs, reads } = store(walls);
    const bus = new LocalWallBus();
    const feeds = new WallFeeds({ jobs, bus, onError: () => {} });
    const got: string[][] = [];
    const leave = await feeds.join('gala', (e) => got.push(ids(e)));
    leave();
    expect(feeds.walls).toBe(0);
    reads.length = 0;
    walls.gala = [entry('a')];
    bus.publish('gala');
    await vi.advanceTimersByTimeAsync(100);
    expect(got).toEqual([[]]);
    expect(reads).toEqual([]);
    feeds.close();
  });

  it('reads the wall again when its oldest result reaches retention, so the picture leaves then', async () => {
    const soon = Date.now() + 10_000;
    const walls: Record<string, WallEntry[]> = { gala: [entry('later'), entry('soon', soon)] };
    const { jobs } = store(walls);
    const feeds = new WallFeeds({ jobs, bus: new LocalWallBus(), onError: () => {} });
    const got: string[][] = [];
    await feeds.join('gala', (e) => got.push(ids(e)));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(got).toEqual([['later', 'soon']]);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(got).toEqual([['later', 'soon'], ['later']]);
    feeds.close();
  });
});
