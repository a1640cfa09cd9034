// The guest's own words in a generative style's prompt (contract/style-inputs.ts), on the real
// server with a styles file and the OpenAI stand-in: the styles list says what a style asks for,
// the AI hub checks every value again (length, characters, the option list, the tenant's refused
// words, inputs the style does not have) and answers 400 with a sentence a guest can act on; the
// provider gets the words in the prompt, and neither the job's record, the SQLite file nor the
// log keeps them.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../support/server-process.ts';
import { startStylesBooth } from '../../support/styles-booth.ts';
import { GALA_SENTENCE, superheroStyle } from '../../support/style-words.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { dataUrl, fixture, postJob, waitForJob } from './support/client.ts';

const SUPERHERO = superheroStyle(12);
const STYLES = { styles: [SUPERHERO, { id: 'die-cut-sticker', engine: 'local' }] };
/** A name no other part of the booth would write: where it is found, the guest's words were kept. */
const NAME = 'Quixotina';

let standIn: OpenAiStandIn;
let server: RunningServer;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  server = await startStylesBooth(STYLES, standIn, {
    env: {
      BOOTH_CLIENT_JOBS_PER_MINUTE: '100',
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

const photo = dataUrl(fixture('astronaut.jpg'));
async function create(inputs: unknown, tenant?: string) {
  const res = await postJob(server.url, {
    style_id: 'superhero',
    image: photo,
    ...(inputs === undefined ? {} : { inputs }),
    ...(tenant ? { tenant } : {}),
  });
  return { status: res.status, body: (await res.json()) as { id?: string; error?: string; inputs?: object } };
}

describe("a style that asks for the guest's words", () => {
  it('lists its inputs with the style, for the styles screen', async () => {
    const styles = (await (await fetch(`${server.url}/transformations/styles`)).json()) as {
      id: string;
      inputs?: unknown;
    }[];
    expect(styles.find((s) => s.id === 'superhero')?.inputs).toEqual(SUPERHERO.inputs);
    expect(styles.find((s) => s.id === 'die-cut-sticker')).not.toHaveProperty('inputs');
  });

  it.each([
    [
      'too long',
      { name: 'Bartholomewsky', power: 'flight' },
      'Your hero name is too long: at most 12 characters, please.',
    ],
    [
      'characters it does not allow',
      { name: 'Bob{{x}}', power: 'flight' },
      'Your hero name may hold only letters, spaces, apostrophes, hyphens and full stops.',
    ],
    [
      'a choice not offered',
      { name: 'Bob', power: 'time travel' },
      'Choose one of the listed options for Your superpower.',
    ],
    ['a missing value', { power: 'flight' }, 'Please fill in Your hero name.'],
    [
      'an input the style does not have',
      { name: 'Bob', power: 'flight', colour: 'red' },
      'This style asks for Your hero name and Your superpower; it has no input called "colour".',
    ],
    [
      'inputs that are not an object',
      ['Bob', 'flight'],
      'inputs must be an object of the style’s input names and the guest’s words.',
    ],
  ])('refuses %s with 400 and a sentence', async (_, inputs, sentence) => {
    const before = standIn.received.length;
    const { status, body } = await create(inputs);
    expect(status).toBe(400);
    expect(body.error).toBe(sentence);
    expect(standIn.received.length).toBe(before);
  });

  it("refuses a word on the tenant's list with the tenant's own sentence, under the field it is in", async () => {
    for (const name of ['Stupid', 'the IDIOT', 'Lösér']) {
      const { status, body } = await create({ name, power: 'flight' }, 'gala');
      expect(status, name).toBe(400);
      expect(body).toEqual({ error: GALA_SENTENCE, inputs: { name: GALA_SENTENCE } });
    }
    // The list is the tenant's: another tenant's guest, and a word that only contains one, pass.
    expect((await create({ name: 'Stupid', power: 'flight' }, 'aurora')).status).toBe(201);
    expect((await create({ name: 'Idiotine', power: 'flight' }, 'gala')).status).toBe(201);
  });

  it('sends the words to the provider in the prompt, and keeps them nowhere once the job has ended', async () => {
    const { status, body } = await create({ name: `  ${NAME} `, power: 'invisibility' });
    expect(status, body.error).toBe(201);
    const job = await waitForJob(server.url, body.id!);
    expect(job.result.status).toBe('COMPLETED');
    expect(standIn.received.map((edit) => edit.prompt)).toContain(
      `A superhero poster of the person, the hero named ${NAME}, with the power of invisibility`,
    );
    // The caption names each input by its label.
    expect(job.prompt).toBe(
      'A superhero poster of the person, the hero named (your hero name), with the power of (your superpower)',
    );
    expect(server.output()).not.toContain(NAME);
    const sqlite = fs
      .readdirSync(server.dataDir)
      .filter((name) => name.startsWith('booth.sqlite'))
      .map((name) => fs.readFileSync(path.join(server.dataDir, name)).toString('latin1'));
    expect(sqlite.length).toBeGreaterThan(0);
    for (const bytes of sqlite) expect(bytes).not.toContain(NAME);
  });

  it('takes no words for a style that asks for none', async () => {
    const res = await postJob(server.url, { style_id: 'die-cut-sticker', image: photo, inputs: { name: 'Bob' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(
      'This style asks for no words; it has no input called "name".',
    );
  });
});
