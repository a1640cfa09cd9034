// The generative providers this booth can use: each one whose credential or address is set.
import type { ProviderSettings } from '../../process/settings.ts';
import { createComfyuiProvider } from './comfyui.ts';
import { createOpenAiProvider } from './openai.ts';
import { createReplicateProvider } from './replicate.ts';
import type { Provider, ProviderName } from './provider.ts';
import type { RemoteProvider } from './remote-engines.ts';

/** The setting that turns each provider on, for the line saying why a style is left out. */
export const PROVIDER_SETTING: Record<ProviderName, string> = {
  openai: 'BOOTH_OPENAI_API_KEY',
  comfyui: 'BOOTH_COMFYUI_URL',
  replicate: 'BOOTH_REPLICATE_API_TOKEN',
};

export function configuredProviders(settings: ProviderSettings): RemoteProvider[] {
  const providers: RemoteProvider[] = [];
  const { openai, comfyui, replicate } = settings;
  if (openai.apiKey)
    providers.push({
      provider: createOpenAiProvider({ apiKey: openai.apiKey, baseUrl: openai.baseUrl }),
      concurrency: openai.concurrency,
    });
  if (comfyui.url)
    providers.push({ provider: createComfyuiProvider({ url: comfyui.url }), concurrency: comfyui.concurrency });
  if (replicate.apiToken) {
    providers.push({
      provider: createReplicateProvider({ apiToken: replicate.apiToken, baseUrl: replicate.baseUrl }),
      concurrency: replicate.concurrency,
    });
  }
  return providers;
}

export const byName = (providers: RemoteProvider[]) =>
  new Map<ProviderName, Provider>(providers.map((p) => [p.provider.name, p.provider]));
