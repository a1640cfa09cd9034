// The guest's own words checked alike on both job paths (contract/style-inputs.ts): a word on the
// tenant's refused list is answered 400 with the tenant's own sentence, under the input it is in, by
// the embedded booth and by every node of the scale-out path that takes a create call (two API
// nodes, which know no tenants and read the list the control node wrote to Redis, and the control
// node itself); the list is the tenant's only. The rules without a tenant's list, and what is kept
// of the words: tests/integration/server/style-inputs.test.ts.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_WORDS_KEY } from '../../../server/scale/tenant-words.ts';
import { startCluster } from '../../support/scale-cluster.ts';
import { GALA_SENTENCE, superheroStyle } from '../../support/style-words.ts';
import { startStylesBooth } from '../../support/styles-booth.ts';
import { startOpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { patience } from '../../support/patience.ts';
import { dataUrl, fixture, postJob } from '../server/support/client.ts';

const STYLES = { styles: [superheroStyle(12), { id: 'comic', engine: 'local' }] };
const LIMITS = { BOOTH_CLIENT_JOBS: '50', BOOTH_CLIENT_JOBS_PER_MINUTE: '500' };

interface WordsBooth {
  /** Every address that takes the create call. */
  createUrls: string[];
  close(): Promise<void>;
}

const embedded = {
  name: 'the embedded booth',
  async start(): Promise<WordsBooth> {
    const openai = await startOpenAiStandIn();
    const server = await startStylesBooth(STYLES, openai, { area: 'words', env: { ...LIMITS, BOOTH_HTTPS: 'off' } });
    return {
      createUrls: [server.url],
      async close() {
        await server.stop();
        await openai.close();
      },
    };
  },
};

const scaleOut = {
  name: 'the scale-out path (two API nodes, a worker and the control node on Redis and S3)',
  async start(): Promise<WordsBooth> {
    const cluster = await startCluster({ apis: 2, workers: 1, styles: STYLES, env: LIMITS });
    const control = await cluster.startControl();
    // The API nodes know the tenants' lists once the control node has written them.
    const redis = new Redis(cluster.redis.url);
    try {
      const end = Date.now() + patience(10_000);
      while (!(await redis.hget(TENANT_WORDS_KEY, 'gala'))?.includes('stupid')) {
        if (Date.now() > end) throw new Error("the control node wrote no refused words for gala's guests to Redis");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      redis.disconnect();
    }
    return { createUrls: [...cluster.apis.map((api) => api.url), control.url], close: () => cluster.close() };
  },
};

const photo = dataUrl(fixture('astronaut.jpg'));

describe.each([embedded, scaleOut])("the guest's words on $name", (wordsPath) => {
  let booth: WordsBooth;
  beforeAll(async () => {
    booth = await wordsPath.start();
  });
  afterAll(() => booth?.close());

  async function create(url: string, inputs: Record<string, string>, tenant?: string) {
    const res = await postJob(url, { style_id: 'superhero', image: photo, inputs, ...(tenant ? { tenant } : {}) });
    return { status: res.status, body: (await res.json()) as { id?: string; error?: string; inputs?: object } };
  }

  it("refuses a word on the tenant's list with the tenant's own sentence, under the input it is in", async () => {
    for (const url of booth.createUrls)
      for (const name of ['Stupid', 'the IDIOT', 'Lösér']) {
        const { status, body } = await create(url, { name, power: 'flight' }, 'gala');
        expect(status, `${url} ${name}`).toBe(400);
        expect(body).toEqual({ error: GALA_SENTENCE, inputs: { name: GALA_SENTENCE } });
      }
  });

  it("takes the same words from another tenant's guest, a word that only holds one, and a guest of no tenant", async () => {
    for (const url of booth.createUrls) {
      for (const [name, tenant] of [
        ['Stupid', 'aurora'],
        ['Idiotine', 'gala'],
        ['Stupid', undefined],
      ] as const) {
        const { status, body } = await create(url, { name, power: 'flight' }, tenant);
        expect(status, `${url} ${name} ${tenant} ${body.error}`).toBe(201);
        expect(body.id).toBeTruthy();
      }
    }
  });

  it('answers the rules of the style itself alike, before any tenant is asked', async () => {
    for (const url of booth.createUrls) {
      const { status, body } = await create(url, { name: 'Bartholomewsky', power: 'flight' }, 'gala');
      expect(status, url).toBe(400);
      expect(body).toEqual({
        error: 'Your hero name is too long: at most 12 characters, please.',
        inputs: { name: 'Your hero name is too long: at most 12 characters, please.' },
      });
    }
  });
});
