// Visitor tokens on the scale-out path: two API nodes check each other's tokens (the secret is
// shared through Redis when none is set), count a visitor's and an address's jobs and the tokens
// given to an address together in Redis (so two nodes give an address its ceiling once, not
// twice), and a forged or expired token is refused on either node.
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../support/scale-cluster.ts';
import { VISITOR_MESSAGES, VisitorTokens, visitorKey } from '../../../server/limits/visitor-tokens.ts';
import { askToken, count, createAs, guestPhoto, statuses } from '../server/support/visitors.ts';

let cluster: Cluster;
let photo: Buffer;
beforeAll(async () => {
  photo = await guestPhoto();
  // The visitor limits' defaults (the cluster's other tests raise them), and a small venue ceiling so that the jobs are few.
  cluster = await startCluster({
    workers: 1,
    env: {
      BOOTH_TRUSTED_PROXIES: '127.0.0.1',
      BOOTH_CLIENT_JOBS: '4',
      BOOTH_CLIENT_JOBS_PER_MINUTE: '30',
      BOOTH_ADDRESS_JOBS: '12',
      BOOTH_VISITORS_PER_MINUTE: '60',
      BOOTH_OPENAI_CONCURRENCY: '100',
    },
  });
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff00a0' } })
    .png()
    .toBuffer();
  // Jobs stay in flight while the test sends more.
  cluster.openai.behave({ kind: 'ok', delayMs: 15_000, picture });
});
afterAll(() => cluster?.close());

describe('visitors on two API nodes', () => {
  it('takes a token minted on one node at the other, with the limits per visitor and per address', async () => {
    const [a, b] = cluster.apis;
    const venue = '203.0.113.40';
    const minted = await Promise.all(Array.from({ length: 12 }, () => askToken(a!.url, venue)));
    expect(statuses(minted)).toEqual(Array(12).fill(200));
    const [first, ...others] = minted.map((m) => m.body.token!);
    // One visitor sends five at once to node B: its fifth is refused.
    const own = await Promise.all(Array.from({ length: 5 }, () => createAs(b!.url, photo, 'anime', first, venue)));
    expect(count(own, 201)).toBe(4);
    expect(own.find((r) => r.status === 429)!.body.error).toBe(
      'You have 4 photos being restyled already. Please wait for them to finish.',
    );
    // Eleven more guests of the venue at node B: 8 fill its ceiling of 12, 3 are told the venue is full.
    const guests = await Promise.all(others.map((token) => createAs(b!.url, photo, 'anime', token, venue)));
    expect(count(guests, 201)).toBe(8);
    expect(count(guests, 429)).toBe(3);
    expect(guests.find((r) => r.status === 429)!.body.error).toBe(
      '12 photos from your network are being restyled already. Please try again in a few seconds.',
    );
  });

  it('gives a client minting 1 000 tokens on both nodes in turn no more than the ceilings of its address', async () => {
    const flood = '198.51.100.41';
    const [a, b] = cluster.apis;
    const started = performance.now();
    const minted = [];
    for (let i = 0; i < 10; i++)
      minted.push(...(await Promise.all(Array.from({ length: 100 }, (_, j) => askToken((j % 2 ? a : b)!.url, flood)))));
    const minutes = (performance.now() - started) / 60_000;
    const tokens = minted.filter((m) => m.status === 200).map((m) => m.body.token!);
    // 60 at once, and one a second after: counted per node, each would have given 60.
    expect(tokens.length).toBeGreaterThanOrEqual(60);
    expect(tokens.length).toBeLessThanOrEqual(60 + Math.ceil(minutes * 60));
    expect(count(minted, 429)).toBe(1000 - tokens.length);
    expect(minted.find((m) => m.status === 429)!.body.error).toMatch(
      /^Too many visitors from your network at once\. Please try again in \d+ seconds?\.$/,
    );
    const jobs = await Promise.all(
      tokens.map((token, i) => createAs((i % 2 ? a : b)!.url, photo, 'anime', token, flood)),
    );
    expect(count(jobs, 201)).toBe(12);
  });

  it('holds 44 visitors behind one address, spread over both nodes, to the venue ceiling in total', async () => {
    const venue = '203.0.113.44';
    const [a, b] = cluster.apis;
    const node = (i: number) => (i % 2 ? a : b)!.url;
    const minted = await Promise.all(Array.from({ length: 44 }, (_, i) => askToken(node(i), venue)));
    expect(statuses(minted)).toEqual(Array(44).fill(200));
    const tokens = minted.map((m) => m.body.token!);
    // Two visitors send five each at once, over both nodes in turn: four each, the fifth refused.
    const own = await Promise.all(
      tokens
        .slice(0, 2)
        .map((token) =>
          Promise.all(Array.from({ length: 5 }, (_, i) => createAs(node(i), photo, 'anime', token, venue))),
        ),
    );
    for (const answers of own) {
      expect(statuses(answers)).toEqual([201, 201, 201, 201, 429]);
      expect(answers.find((r) => r.status === 429)!.body.error).toBe(
        'You have 4 photos being restyled already. Please wait for them to finish.',
      );
    }
    // 42 more guests, one photo each, half at each node: 4 fill the ceiling of 12, 38 are told the venue is full.
    const guests = await Promise.all(
      tokens.slice(2).map((token, i) => createAs(node(i), photo, 'anime', token, venue)),
    );
    expect(count(guests, 201)).toBe(4);
    expect(count(guests, 429)).toBe(38);
    for (const refused of guests.filter((r) => r.status === 429))
      expect(refused.body.error).toBe(
        '12 photos from your network are being restyled already. Please try again in a few seconds.',
      );
  });

  it('refuses a forged or expired token with a sentence on either node', async () => {
    const [a, b] = cluster.apis;
    const { body } = await askToken(b!.url, '192.0.2.42');
    const [head, id, expires, signature] = body.token!.split('.');
    const forged = `${head}.${id}.${expires}.${signature!.slice(0, -2)}AA`;
    // The secret the first node stored in Redis for all of them (no BOOTH_VISITOR_SECRET is set).
    const redis = new Redis(cluster.redis.url);
    const secret = await redis.get('booth:secret:visitor').finally(() => redis.disconnect());
    expect(secret?.length).toBeGreaterThanOrEqual(32);
    const expired = await new VisitorTokens(visitorKey(secret!), () => Date.now() - 13 * 3600_000).mint();
    const foreign = await new VisitorTokens(visitorKey('not-the-cluster-secret-0123456789abcdef')).mint();
    for (const node of [a!, b!]) {
      for (const [bad, sentence] of [
        [forged, VISITOR_MESSAGES.invalid],
        [foreign, VISITOR_MESSAGES.invalid],
        [expired, VISITOR_MESSAGES.expired],
      ] as const) {
        const refused = await createAs(node.url, photo, 'anime', bad, '192.0.2.42');
        expect(refused.status).toBe(401);
        expect(refused.body.error).toBe(sentence);
      }
    }
  });
});
