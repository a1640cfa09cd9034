// A venue full of guests behind one address: each browser asks for a signed visitor token and
// sends it on each create, so the limits count a guest as a visitor and the venue's address has a
// ceiling of its own. Jobs here are generative (the OpenAI stand-in, held a few seconds), so they
// stay in flight while the test sends more, and cost the machine nothing.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_HEADER } from '../../../contract/index.ts';
import { CATALOGUES } from '../../../contract/i18n/index.ts';
import { newDataDir, startServer, type RunningServer } from '../../support/server-process.ts';
import { VISITOR_MESSAGES, VisitorTokens, visitorKey } from '../../../server/limits/visitor-tokens.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { askToken, count, createAs, guestPhoto, statuses } from './support/visitors.ts';

const SECRET = 'venue-test-secret-0123456789abcdefghij';
const STYLE = 'anime';

let standIn: OpenAiStandIn;
let server: RunningServer;
let photo: Buffer;
beforeAll(async () => {
  photo = await guestPhoto();
  standIn = await startOpenAiStandIn();
  // Long enough that every job of a test is still in flight when its last create arrives.
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff00a0' } })
    .png()
    .toBuffer();
  standIn.behave({ kind: 'ok', delayMs: 20_000, picture });
  const dataDir = newDataDir();
  const stylesFile = path.join(dataDir, 'styles.json');
  fs.writeFileSync(
    stylesFile,
    JSON.stringify({
      styles: [
        { id: STYLE, description: 'Anime hero', prompt: 'Turn the person into an anime hero', engine: 'openai' },
      ],
    }),
  );
  server = await startServer({
    dataDir,
    env: {
      BOOTH_STYLES_FILE: stylesFile,
      BOOTH_OPENAI_API_KEY: standIn.key,
      BOOTH_OPENAI_BASE_URL: standIn.url,
      BOOTH_OPENAI_CONCURRENCY: '200',
      BOOTH_TRUSTED_PROXIES: '127.0.0.1',
      BOOTH_VISITOR_SECRET: SECRET,
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

const tokensFor = async (from: string, n: number) => {
  const answers = await Promise.all(Array.from({ length: n }, () => askToken(server.url, from)));
  expect(statuses(answers)).toEqual(Array(n).fill(200));
  return answers.map((a) => a.body.token!);
};

describe('a venue: forty guests behind one address', () => {
  it('accepts one job from each of 40 visitors at once, where 40 creates without tokens get 4', async () => {
    const venue = '203.0.113.10';
    const tokens = await tokensFor(venue, 40);
    expect(new Set(tokens).size).toBe(40);
    const guests = await Promise.all(tokens.map((token) => createAs(server.url, photo, STYLE, token, venue)));
    expect(statuses(guests)).toEqual(Array(40).fill(201));

    // The same 40 from an older client (no token) at another venue: one visitor, as before.
    const older = await Promise.all(
      Array.from({ length: 40 }, () => createAs(server.url, photo, STYLE, undefined, '203.0.113.11')),
    );
    expect(count(older, 201)).toBe(4);
    expect(count(older, 429)).toBe(36);
    expect(older.find((a) => a.status === 429)!.body.error).toBe(
      'You have 4 photos being restyled already. Please wait for them to finish.',
    );

    // Five of the venue's guests send four more each at once: with one in flight, each one's fifth is refused.
    const more = await Promise.all(
      tokens
        .slice(0, 5)
        .flatMap((token) => Array.from({ length: 4 }, () => createAs(server.url, photo, STYLE, token, venue))),
    );
    expect(count(more, 201)).toBe(15);
    const fifths = more.filter((a) => a.status === 429);
    expect(fifths).toHaveLength(5);
    for (const fifth of fifths) {
      expect(fifth.retryAfter).toBe('10');
      expect(fifth.body.error).toBe('You have 4 photos being restyled already. Please wait for them to finish.');
    }

    // 55 in flight: five more guests fill the venue's ceiling of 60, and the next one hears it is the venue.
    const last = await Promise.all(
      (await tokensFor(venue, 6)).map((token) => createAs(server.url, photo, STYLE, token, venue)),
    );
    expect(count(last, 201)).toBe(5);
    const full = last.find((a) => a.status === 429)!;
    expect(full.retryAfter).toBe('10');
    expect(full.body.error).toBe(
      '60 photos from your network are being restyled already. Please try again in a few seconds.',
    );
  });

  it("gives a client minting 1 000 tokens no more than the address's ceiling", async () => {
    const flood = '198.51.100.20';
    const minted = [];
    for (let i = 0; i < 10; i++)
      minted.push(...(await Promise.all(Array.from({ length: 100 }, () => askToken(server.url, flood)))));
    const tokens = minted.filter((a) => a.status === 200).map((a) => a.body.token!);
    // BOOTH_VISITORS_PER_MINUTE (120) at once, then about two a second.
    expect(tokens.length).toBeGreaterThanOrEqual(120);
    expect(tokens.length).toBeLessThan(150);
    const refused = minted.find((a) => a.status === 429)!;
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(refused.body.error).toMatch(
      /^Too many visitors from your network at once\. Please try again in \d+ seconds\.$/,
    );

    const jobs = await Promise.all(tokens.map((token) => createAs(server.url, photo, STYLE, token, flood)));
    expect(count(jobs, 201)).toBe(60);
    expect(count(jobs, 429)).toBe(tokens.length - 60);
  });

  it('refuses a forged or expired token with a sentence, and a token from another secret', async () => {
    const from = '192.0.2.30';
    const [token] = await tokensFor(from, 1);
    const [head, id, expires, signature] = token!.split('.');
    const forged = `${head}.${id!.slice(0, -2)}xy.${expires}.${signature}`;
    const expired = await new VisitorTokens(visitorKey(SECRET), () => Date.now() - 13 * 3600_000).mint();
    const foreign = await new VisitorTokens(visitorKey('some-other-secret-0123456789abcdefghij')).mint();
    for (const [bad, sentence] of [
      [forged, VISITOR_MESSAGES.invalid],
      ['not a token', VISITOR_MESSAGES.invalid],
      [foreign, VISITOR_MESSAGES.invalid],
      [expired, VISITOR_MESSAGES.expired],
    ] as const) {
      const answer = await createAs(server.url, photo, STYLE, bad, from);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe(sentence);
    }
    // Told in the language of the guest's page, as every refusal a guest may read.
    const inFrench = await fetch(`${server.url}/transformations/jobs/create/`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Language': 'fr',
        [VISITOR_HEADER]: expired,
        'X-Forwarded-For': from,
      },
      body: JSON.stringify({ style_id: STYLE, image: `data:image/jpeg;base64,${photo.toString('base64')}` }),
    });
    expect(inFrench.status).toBe(401);
    expect(((await inFrench.json()) as { error: string }).error).toBe(CATALOGUES.fr.guest.visitExpired);
    // The good one still works, and a browser on another origin may send the header.
    expect((await createAs(server.url, photo, STYLE, token, from)).status).toBe(201);
    const preflight = await fetch(`${server.url}/transformations/jobs/create/`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://cdn.example.org',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': `content-type,${VISITOR_HEADER.toLowerCase()}`,
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      VISITOR_HEADER.toLowerCase(),
    );
  });
});
