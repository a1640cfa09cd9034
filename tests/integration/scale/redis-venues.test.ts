// A venue counted in Redis for every API node together (server/scale/redis-venues.ts), on a real
// redis-server: two counters stand for two nodes. A place taken on one is full on the other, a
// job ended frees it for both, a long job stays counted while its node renews it, and the jobs of
// a node that died stop counting once their lease lapses.
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDataDir } from '../../support/server-process.ts';
import { RedisVenues } from '../../../server/scale/redis-venues.ts';
import { VENUE_MESSAGES } from '../../../server/limits/venue-limits.ts';
import { patience } from '../../support/patience.ts';
import { startRedis, type RedisServer } from '../../support/redis.ts';

let redis: RedisServer;
let client: Redis;
const nodes: RedisVenues[] = [];
beforeAll(async () => {
  redis = await startRedis(path.join(newDataDir('redis-venues'), 'redis'));
  client = new Redis(redis.url);
});
afterAll(async () => {
  for (const node of nodes) node.close();
  client?.disconnect();
  await redis?.stop();
});

const LIMITS = {
  visitorJobs: 4,
  visitorJobsPerMinute: 30,
  addressJobs: 6,
  addressJobsPerMinute: 300,
  visitorsPerMinute: 10,
};

function node(leaseMs?: number) {
  const venues = new RedisVenues({
    ...LIMITS,
    redis: (work) => work(client),
    log: () => {},
    ...(leaseMs ? { leaseMs } : {}),
  });
  nodes.push(venues);
  return venues;
}

describe('a venue counted in Redis by every node together', () => {
  it('fills the ceiling from both nodes, and a job ended on either frees its place for both', async () => {
    const [a, b] = [node(), node()];
    const venue = '203.0.113.60';
    const taken = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).admit(venue, `guest-${i}`)));
    expect(taken.map((t) => t.ok)).toEqual(Array(6).fill(true));
    for (const n of [a, b])
      expect(await n.admit(venue, 'guest-9')).toMatchObject({ ok: false, message: VENUE_MESSAGES.inFlight(6) });
    const first = taken[0]!;
    if (first.ok) first.release();
    // The release goes to Redis without holding the caller: the other node sees the place once it is there.
    await expect.poll(async () => (await a.admit(venue, 'guest-9')).ok, { timeout: patience(2000) }).toBe(true);
  });

  it("holds a visitor to four over both nodes, with the visitor's own sentence", async () => {
    const [a, b] = [node(), node()];
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => (i % 2 ? a : b).admit('203.0.113.61', 'guest')),
    );
    expect(answers.filter((t) => t.ok)).toHaveLength(4);
    expect(answers.find((t) => !t.ok)).toMatchObject({
      retryAfterSeconds: 10,
      message: 'You have 4 photos being restyled already. Please wait for them to finish.',
    });
  });

  it('gives an address its tokens a minute once over both nodes', async () => {
    const [a, b] = [node(), node()];
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).mint('203.0.113.62')));
    expect(answers.filter((t) => t.ok)).toHaveLength(10);
    expect(answers.find((t) => !t.ok)).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^Too many visitors from your network at once\. Please try again in \d+ seconds?\.$/,
      ),
    });
  });

  it('keeps a long job counted while its node lives, and lets the jobs of a node that died lapse', async () => {
    const leaseMs = 1500;
    const living = node(leaseMs);
    const dying = node(leaseMs);
    const other = node(leaseMs);
    const venue = '203.0.113.63';
    const held = await Promise.all(Array.from({ length: 3 }, (_, i) => living.admit(venue, `long-${i}`)));
    const lost = await Promise.all(Array.from({ length: 3 }, (_, i) => dying.admit(venue, `lost-${i}`)));
    expect([...held, ...lost].every((t) => t.ok)).toBe(true);
    // The node dies: its renewals stop, nothing is released.
    dying.close();
    // Past the lease, the dead node's three have lapsed and the living node's three still count.
    const key = 'booth:venue:{203.0.113.63}:jobs';
    const counted = () => client.zcount(key, Date.now(), '+inf');
    await expect.poll(counted, { timeout: patience(5000), interval: 100 }).toBe(3);
    // Two more leases, looked at every 200 ms: still three, renewed.
    const until = Date.now() + 2 * leaseMs;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await counted()).toBe(3);
    }
    const again = await Promise.all(Array.from({ length: 4 }, (_, i) => other.admit(venue, `new-${i}`)));
    expect(again.map((t) => t.ok)).toEqual([true, true, true, false]);
  });
});
