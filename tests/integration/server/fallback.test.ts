// A generative style with a fallback, against the OpenAI stand-in: the guest gets a picture when
// the provider is slow or out of service, the job records which engine made it, and a provider
// that failed five calls in a row is skipped until its cooldown ends, then called again.
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../support/server-process.ts';
import { patience } from '../../support/patience.ts';
import { startStylesBooth } from '../../support/styles-booth.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { createJob, waitForJob } from './support/client.ts';

const STYLES = {
  styles: [
    {
      id: 'anime',
      description: 'Anime hero',
      prompt: 'Turn the person into an anime hero',
      engine: 'openai',
      fallback: 'pencil-sketch',
      fallbackAfterSeconds: 3,
    },
    { id: 'pencil-sketch', engine: 'local' },
  ],
};

let standIn: OpenAiStandIn;
let server: RunningServer;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  server = await startStylesBooth(STYLES, standIn, {
    env: {
      BOOTH_PROVIDER_RETRIES: '0',
      BOOTH_PROVIDER_COOLDOWN_SECONDS: '3',
      BOOTH_CLIENT_JOBS_PER_MINUTE: '100',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

/** The stand-in tints its pictures magenta (red well above green); the pencil sketch is grey. */
async function isProviderPicture(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const [red, green] = (await sharp(Buffer.from(await res.arrayBuffer())).stats()).channels;
  return red!.mean - green!.mean > 30;
}

/** What the job's stored record says made its pictures. */
function madeBy(id: string) {
  const db = new DatabaseSync(path.join(server.dataDir, 'booth.sqlite'), { readOnly: true });
  try {
    return db.prepare('SELECT engine, fallback FROM jobs WHERE id = ?').get(id);
  } finally {
    db.close();
  }
}

async function anime() {
  const id = await createJob(server.url, undefined, 'anime');
  return { id, job: await waitForJob(server.url, id) };
}

describe('a fallback for a generative style', () => {
  it("completes with the provider's picture when it answers in time, recorded as made by it", async () => {
    standIn.behave({ kind: 'ok' });
    const { id, job } = await anime();
    expect(job.result.status).toBe('COMPLETED');
    expect(await isProviderPicture(job.images[0]!)).toBe(true);
    expect(standIn.received.at(-1)?.prompt).toBe('Turn the person into an anime hero');
    expect(madeBy(id)).toEqual({ engine: 'openai', fallback: null });
  });

  it('runs the fallback once the provider has not answered within fallbackAfterSeconds', async () => {
    standIn.behave({ kind: 'ok', delayMs: 30_000 });
    const before = standIn.received.length;
    const started = Date.now();
    const { id, job } = await anime();
    expect(job.result.status).toBe('COMPLETED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(standIn.received.length - before).toBe(1);
    expect(await isProviderPicture(job.images[0]!)).toBe(false);
    expect(madeBy(id)).toEqual({ engine: 'local', fallback: 'pencil-sketch' });
    await expect
      .poll(() => server.output(), { timeout: patience(2000) })
      .toContain(
        `job ${id} style=anime: openai did not answer within 3 s; the fallback pencil-sketch (local) makes the picture`,
      );
    expect(server.output()).toMatch(
      new RegExp(`job ${id} style=anime COMPLETED \\d+ms \\(made by the fallback pencil-sketch`),
    );
  });

  it('runs the fallback when the provider answers 5xx', async () => {
    standIn.behave({ kind: 'server-error', times: 1 });
    const before = standIn.received.length;
    const { id, job } = await anime();
    expect(job.result.status).toBe('COMPLETED');
    expect(standIn.received.length - before).toBe(1);
    expect(await isProviderPicture(job.images[0]!)).toBe(false);
    expect(madeBy(id)).toEqual({ engine: 'local', fallback: 'pencil-sketch' });
  });
});

describe("a provider's circuit breaker", () => {
  it('stops calling a provider after five failures in a row, then tries it again after the cooldown', async () => {
    standIn.behave({ kind: 'ok' });
    await anime(); // a success: the count of failures in a row starts from nothing
    standIn.behave({ kind: 'server-error', times: 1000 });
    const before = standIn.received.length;
    for (let i = 0; i < 5; i++) expect((await anime()).job.result.status).toBe('COMPLETED');
    expect(standIn.received.length - before).toBe(5);
    await expect.poll(() => server.output(), { timeout: patience(2000) }).toContain('openai: 5 failed calls in a row');

    // Open: the next guests go straight to the fallback, and the provider hears nothing of them.
    standIn.behave({ kind: 'ok' });
    const skipped = await anime();
    expect(skipped.job.result.status).toBe('COMPLETED');
    expect(await isProviderPicture(skipped.job.images[0]!)).toBe(false);
    expect(standIn.received.length - before).toBe(5);
    expect(server.output()).toContain(
      `job ${skipped.id} style=anime: openai is skipped after failing 5 calls in a row`,
    );

    // After the cooldown, one trial call: it answers, and the guests get the provider's pictures again.
    await expect
      .poll(async () => isProviderPicture((await anime()).job.images[0]!), {
        timeout: patience(6000),
        interval: 200,
      })
      .toBe(true);
    expect(standIn.received.length - before).toBe(6);
    expect(server.output()).toContain('openai: answered the trial call; called again.');
    const again = await anime();
    expect(await isProviderPicture(again.job.images[0]!)).toBe(true);
    expect(standIn.received.length - before).toBe(7);
  });
});
