// Each style's figures on the console's event route, through the real server: a generative style
// whose provider answers, answers 5xx (its fallback makes the picture) and refuses a picture, and
// a local style, all of one tenant, read back per style with the fallbacks used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFigures } from '../../../contract/console-api.ts';
import { JOB_STATUS } from '../../../contract/index.ts';
import type { RunningServer } from '../../support/server-process.ts';
import { startStylesBooth } from '../../support/styles-booth.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { createJob, waitForJob } from './support/client.ts';
import { call, signIn } from './support/console.ts';

const STYLES = {
  styles: [
    {
      id: 'anime',
      description: 'Anime hero',
      prompt: 'Turn the person into an anime hero',
      engine: 'openai',
      fallback: 'pencil-sketch',
    },
    { id: 'pencil-sketch', engine: 'local' },
    { id: 'comic', engine: 'local' },
  ],
};

let openai: OpenAiStandIn;
let server: RunningServer;
beforeAll(async () => {
  openai = await startOpenAiStandIn();
  server = await startStylesBooth(STYLES, openai, {
    env: {
      BOOTH_HTTPS: 'off',
      BOOTH_PROVIDER_RETRIES: '0',
      BOOTH_CLIENT_JOBS_PER_MINUTE: '100',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await openai?.close();
});

const ended = async (style: string) =>
  (await waitForJob(server.url, await createJob(server.url, undefined, style, 'aurora'))).result.status;

describe("each style's figures on the event page", () => {
  it('counts the jobs, pictures, failures and fallbacks of each style of the tenant, with their turnaround', async () => {
    openai.behave({ kind: 'ok' });
    expect(await ended('anime')).toBe(JOB_STATUS.completed);
    openai.behave({ kind: 'server-error', times: 1 });
    expect(await ended('anime')).toBe(JOB_STATUS.completed);
    openai.behave({ kind: 'moderation' });
    expect(await ended('anime')).toBe(JOB_STATUS.error);
    expect(await ended('comic')).toBe(JOB_STATUS.completed);
    // Another tenant's job is in no figure of aurora's.
    openai.behave({ kind: 'ok' });
    await waitForJob(server.url, await createJob(server.url, undefined, 'anime', 'gala'));

    const cookie = await signIn(server.url);
    const answer = await call<EventFigures>(server.url, 'GET', '/tenants/aurora/events', { cookie });
    expect(answer.status).toBe(200);
    const styles = answer.body.styles!;
    expect(styles.map(({ turnaroundMs: _, ...counts }) => counts)).toEqual([
      { style: 'anime', jobs: 3, pictures: 2, failed: 1, fallbacks: 1 },
      { style: 'comic', jobs: 1, pictures: 1, failed: 0, fallbacks: 0 },
    ]);
    for (const style of styles) {
      expect(style.turnaroundMs.p50).toBeGreaterThan(0);
      expect(style.turnaroundMs.p95).toBeGreaterThanOrEqual(style.turnaroundMs.p50!);
    }
  });
});
