// The example styles files the README points to stay valid: each loads with its provider set up,
// and is left out with the setting named when it is not.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createComfyuiProvider } from '../../../server/engine/remote/comfyui.ts';
import { createOpenAiProvider } from '../../../server/engine/remote/openai.ts';
import type { Provider, ProviderName } from '../../../server/engine/remote/provider.ts';
import { PROVIDER_SETTING } from '../../../server/engine/remote/providers.ts';
import { createReplicateProvider } from '../../../server/engine/remote/replicate.ts';
import { loadStyles } from '../../../server/engine/styles-file.ts';

const EXAMPLES = fileURLToPath(new URL('../../../server/engine/remote/examples/', import.meta.url));
const providers = new Map<ProviderName, Provider>([
  ['openai', createOpenAiProvider({ apiKey: 'sk-example', baseUrl: 'http://127.0.0.1:9/v1' })],
  ['comfyui', createComfyuiProvider({ url: 'http://127.0.0.1:9' })],
  ['replicate', createReplicateProvider({ apiToken: 'r8_example', baseUrl: 'http://127.0.0.1:9/v1' })],
]);

describe('the example styles files', () => {
  it.each([
    ['openai.json', ['anime', 'anime-sticker', 'superhero', 'die-cut-sticker']],
    ['comfyui.json', ['watercolour', 'comic']],
    ['replicate.json', ['renaissance', 'pop-art']],
  ])('%s loads, in its order', (file, ids) => {
    const { styles, notices } = loadStyles(path.join(EXAMPLES, file), providers, PROVIDER_SETTING);
    expect(styles.map((s) => s.id)).toEqual(ids);
    expect(notices).toEqual([]);
  });

  it("keeps a local style's built-in description and prompt when named by id alone", () => {
    const { styles } = loadStyles(path.join(EXAMPLES, 'openai.json'), providers, PROVIDER_SETTING);
    expect(styles.at(-1)).toMatchObject({
      id: 'die-cut-sticker',
      engine: 'local',
      description: 'Die-cut sticker',
      prompt: 'A die-cut sticker of you with a white outline',
    });
    expect(styles[1]).toMatchObject({ engine: 'openai', sticker: true });
  });

  it('leaves a generative style out, naming the setting, when its provider is not set up', () => {
    const { styles, notices } = loadStyles(path.join(EXAMPLES, 'replicate.json'), new Map(), PROVIDER_SETTING);
    expect(styles.map((s) => s.id)).toEqual(['pop-art']);
    expect(notices).toEqual(['Style "renaissance" is left out: its engine replicate needs BOOTH_REPLICATE_API_TOKEN.']);
  });
});
