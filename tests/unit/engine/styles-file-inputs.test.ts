// A styles file's inputs (the guest's own words): declared on a generative style, each used in its
// prompt; a bad declaration stops the start with one line naming the style and the field.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../../../server/engine/remote/openai.ts';
import type { Provider, ProviderName } from '../../../server/engine/remote/provider.ts';
import { PROVIDER_SETTING } from '../../../server/engine/remote/providers.ts';
import { inputsOfStyles, loadStyles } from '../../../server/engine/styles-file.ts';

const providers = new Map<ProviderName, Provider>([
  ['openai', createOpenAiProvider({ apiKey: 'sk-example', baseUrl: 'http://127.0.0.1:9/v1' })],
]);
const NAME = { name: 'name', label: 'Your name', type: 'text', maxLength: 20, characters: 'letters' };

function load(style: Record<string, unknown>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'styles-inputs-'));
  const file = path.join(dir, 'styles.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ styles: [{ id: 'hero', description: 'Hero', engine: 'openai', prompt: 'A hero', ...style }] }),
  );
  try {
    return loadStyles(file, providers, PROVIDER_SETTING);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("a styles file's inputs", () => {
  it('keeps a style’s inputs, for the hub to list and check', () => {
    const { styles } = load({ prompt: 'A hero named {{name}}', inputs: [NAME] });
    expect(styles[0]!.inputs).toEqual([NAME]);
    expect(inputsOfStyles(styles)('hero')).toEqual([NAME]);
    expect(inputsOfStyles(styles)('other')).toBeUndefined();
  });

  it.each([
    [{ inputs: [NAME] }, "field prompt: it has no {{name}}, where the guest's Your name goes"],
    [{ prompt: 'A {{name}}', inputs: [NAME, NAME] }, 'field inputs.1.name: another input of this style has this name'],
    [
      { prompt: 'A {{seed}}', inputs: [{ ...NAME, name: 'seed' }] },
      "field inputs.0.name: {{seed}} is the booth's own placeholder",
    ],
    [{ prompt: 'A {{name}}', inputs: [{ ...NAME, maxLength: 200 }] }, 'field inputs.0: give'],
    [{ prompt: 'A {{name}}', inputs: [{ ...NAME, characters: 'anything' }] }, 'field inputs.0: give'],
    [
      { prompt: 'A {{p}}', inputs: [{ name: 'p', label: 'P', type: 'choice', options: ['one'] }] },
      'field inputs.0: give',
    ],
  ])('refuses %j, naming the field', (style, message) => {
    expect(() => load(style)).toThrow(`Invalid styles file`);
    expect(() => load(style)).toThrow(`style "hero", ${message}`);
  });

  it('refuses inputs on a local style', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'styles-inputs-'));
    const file = path.join(dir, 'styles.json');
    fs.writeFileSync(file, JSON.stringify({ styles: [{ id: 'comic', engine: 'local', inputs: [NAME] }] }));
    expect(() => loadStyles(file, providers, PROVIDER_SETTING)).toThrow(
      `style "comic", field inputs: a local style's picture takes no words; inputs are for generative styles`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
