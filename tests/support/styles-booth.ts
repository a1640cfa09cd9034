// A booth started with a styles file of a test's own (BOOTH_STYLES_FILE, written into its data
// folder) and its generative styles on the OpenAI stand-in: how every test of a generative style
// starts its server. One worker thread unless `env` says otherwise.
import fs from 'node:fs';
import path from 'node:path';
import { newDataDir, startServer, type RunningServer } from './server-process.ts';
import type { OpenAiStandIn } from './stand-ins/openai.ts';

export interface StylesBoothOptions {
  /** The data folder, when the test puts files there first; else a new one under `area`. */
  dataDir?: string;
  area?: string;
  /** Further settings, which win over these. */
  env?: Record<string, string>;
}

export function startStylesBooth(
  styles: unknown,
  openai: Pick<OpenAiStandIn, 'key' | 'url'>,
  { dataDir = undefined, area = undefined, env = {} }: StylesBoothOptions = {},
): Promise<RunningServer> {
  const dir = dataDir ?? newDataDir(area);
  const stylesFile = path.join(dir, 'styles.json');
  fs.writeFileSync(stylesFile, JSON.stringify(styles));
  return startServer({
    dataDir: dir,
    env: {
      BOOTH_WORKERS: '1',
      BOOTH_STYLES_FILE: stylesFile,
      BOOTH_OPENAI_API_KEY: openai.key,
      BOOTH_OPENAI_BASE_URL: openai.url,
      ...env,
    },
  });
}
