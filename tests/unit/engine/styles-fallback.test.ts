// A style's fallback in the styles file: checked at start, with one line naming the style, the
// field and what to do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../../../server/engine/remote/openai.ts';
import type { Provider, ProviderName } from '../../../server/engine/remote/provider.ts';
import { PROVIDER_SETTING } from '../../../server/engine/remote/providers.ts';
import { loadStyles } from '../../../server/engine/styles-file.ts';

const openai = new Map<ProviderName, Provider>([
  ['openai', createOpenAiProvider({ apiKey: 'sk-example', baseUrl: 'http://127.0.0.1:9/v1' })],
]);

const generative = (id: string, more: Record<string, unknown> = {}) => ({
  id,
  description: id,
  prompt: `A ${id} of you`,
  engine: 'openai',
  ...more,
});

function load(styles: unknown[], providers = openai) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'styles-')), 'styles.json');
  fs.writeFileSync(file, JSON.stringify({ styles }));
  return { file, load: () => loadStyles(file, providers, PROVIDER_SETTING) };
}

describe('a fallback in the styles file', () => {
  it('keeps the fallback and its time, in milliseconds, on a chain ending in a local style', () => {
    const { styles } = load([
      generative('anime', { fallback: 'manga', fallbackAfterSeconds: 20 }),
      generative('manga', { fallback: 'neon' }),
      { id: 'neon', engine: 'local' },
    ]).load();
    expect(styles[0]).toMatchObject({ id: 'anime', fallback: 'manga', fallbackAfterMs: 20_000 });
    expect(styles[1]).toMatchObject({ id: 'manga', fallback: 'neon' });
    expect(styles[1]!.fallbackAfterMs).toBeUndefined();
  });

  it.each([
    [
      [generative('anime', { fallback: 'nope' }), { id: 'neon', engine: 'local' }],
      'style "anime", field fallback: no style of this file has the id "nope" (styles: anime, neon)',
    ],
    [
      [generative('anime', { fallback: 'manga' }), generative('manga', { fallback: 'anime' })],
      'style "anime", field fallback: the fallbacks go round in a circle (anime → manga → anime)',
    ],
    [
      [generative('anime', { fallback: 'anime' })],
      'style "anime", field fallback: the fallbacks go round in a circle (anime → anime)',
    ],
    [
      [generative('anime', { fallback: 'neon', fallbackAfterSeconds: -5 }), { id: 'neon', engine: 'local' }],
      'style "anime", field fallbackAfterSeconds: give a number of seconds above 0, e.g. 20',
    ],
    [
      [generative('anime', { fallbackAfterSeconds: 20 })],
      'style "anime", field fallbackAfterSeconds: name the fallback style that runs after this time',
    ],
    [
      [
        { id: 'neon', engine: 'local', fallback: 'comic' },
        { id: 'comic', engine: 'local' },
      ],
      'style "neon", field fallback: a local style runs on the booth itself; a fallback is for generative styles',
    ],
  ])('stops the start with one line naming the style and the field (%#)', (styles, expected) => {
    const { file, load: run } = load(styles);
    expect(run).toThrow(`Invalid styles file ${file}: ${expected}`);
  });

  it('drops a fallback whose style is left out, saying so', () => {
    const { styles, notices } = load(
      [
        generative('anime', { fallback: 'renaissance', fallbackAfterSeconds: 20 }),
        { id: 'renaissance', description: 'R', prompt: 'R', engine: 'replicate', options: { model: 'a/b' } },
      ],
      openai,
    ).load();
    expect(styles.map((s) => s.id)).toEqual(['anime']);
    expect(styles[0]!.fallback).toBeUndefined();
    expect(notices).toContain('Style "anime" has no fallback: its fallback "renaissance" is left out.');
  });
});
