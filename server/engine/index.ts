// Picks the engine a worker thread runs by name (BOOTH_ENGINE): another engine that computes in
// the thread (engine.ts) is one more entry here. Generative services are not engines but
// providers, configured by the styles file: remote/providers.ts.
import type { Engine } from './engine.ts';
import { LocalEngine } from './local/local-engine.ts';
import type { LocalEngineOptions } from './local/settings.ts';

export type { Engine, EngineImage, EngineResult, EngineStyle, RestyleInput } from './engine.ts';
export { EngineError } from './engine.ts';
export type { LocalEngineOptions } from './local/settings.ts';
export { DEFAULT_LOCAL_ENGINE_SETTINGS } from './local/settings.ts';
export { ENGINE_MESSAGES } from './local/messages.ts';

export type EngineOptions = LocalEngineOptions;

const FACTORIES = {
  local: (options: EngineOptions) => new LocalEngine(options),
} satisfies Record<string, (options: EngineOptions) => Engine>;

export type EngineName = keyof typeof FACTORIES;
export const ENGINE_NAMES = Object.keys(FACTORIES) as EngineName[];
export const DEFAULT_ENGINE_NAME: EngineName = 'local';

export function createEngine(name: string = DEFAULT_ENGINE_NAME, options: EngineOptions = {}): Engine {
  if (!Object.hasOwn(FACTORIES, name)) {
    throw new Error(`Unknown engine "${name}". Valid engines: ${ENGINE_NAMES.join(', ')}.`);
  }
  return FACTORIES[name as EngineName](options);
}
