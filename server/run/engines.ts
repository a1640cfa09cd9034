// What runs jobs in a process: the styles offered, the CPU worker pool and the generative
// providers. The embedded default and a scale-out worker start them alike.
import { createEngine } from '../engine/index.ts';
import { byName, configuredProviders, PROVIDER_SETTING } from '../engine/remote/providers.ts';
import { RemoteEngines } from '../engine/remote/remote-engines.ts';
import { loadStyles, type StyleDefinition } from '../engine/styles-file.ts';
import { log } from '../process/log.ts';
import type { Settings } from '../process/settings.ts';
import { WorkerPool } from './pool.ts';

export const ENGINE_WORKER = new URL('./engine-worker.ts', import.meta.url);

/** The offered styles, checked: a bad styles file or engine setting stops the start here. */
export function offeredStyles(settings: Settings) {
  // Engine settings are checked here so a bad value stops the start, not every worker.
  createEngine(settings.engine, engineOptionsOf(settings));
  const providers = configuredProviders(settings.providers);
  const offered = loadStyles(settings.stylesFile, byName(providers), PROVIDER_SETTING);
  for (const notice of offered.notices) log(notice);
  return { styles: offered.styles, providers };
}

const engineOptionsOf = (settings: Settings) => ({ ...settings.engineOptions, maxInputPixels: settings.maxPixels });

export function startEngines(
  settings: Settings,
  offered: ReturnType<typeof offeredStyles>,
  workerScript: URL = ENGINE_WORKER,
) {
  const pool = new WorkerPool({
    size: settings.workers,
    workerScript,
    workerData: { engine: settings.engine, options: engineOptionsOf(settings) },
    timeoutMs: settings.jobTimeoutMs,
    log,
  });
  const remote = new RemoteEngines(offered.providers, {
    retries: settings.providers.retries,
    cooldownMs: settings.providers.cooldownSeconds * 1000,
    log,
  });
  const styles: ReadonlyMap<string, StyleDefinition> = new Map(offered.styles.map((style) => [style.id, style]));
  return { pool, remote, styles, timeoutMs: settings.jobTimeoutMs, log, tenantAssetsDir: settings.tenantAssetsDir };
}

/** The offered styles in memory, for a process without the SQLite file (an API node). */
export function styleCatalog(styles: StyleDefinition[]) {
  const stored = styles.map((s) => ({
    id: s.id,
    description: s.description,
    prompt: s.prompt,
    beta: s.beta,
    thumbnailPath: s.thumbnail ?? null,
  }));
  return { active: () => stored, find: (id: string) => stored.find((s) => s.id === id) };
}
