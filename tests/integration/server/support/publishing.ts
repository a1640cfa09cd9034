// A booth that publishes into a site folder of its own, for the tests of publishing from the
// console: real builds, whose renderer is kept beside the site folder until the test removes it.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { PublishRun } from '../../../../contract/console-api.ts';
import { rendererDirFor } from '../../../../scripts/pipeline/render-tenants.ts';
import { newDataDir, startServer, type RunningServer } from '../../../support/server-process.ts';
import { call } from './console.ts';

export interface PublishingBooth {
  server: RunningServer;
  /** The test's folder: the booth's data, the site and its site data. */
  dir: string;
  siteDir: string;
}

export async function startPublishingBooth(area: string): Promise<PublishingBooth> {
  const dir = newDataDir(area);
  const siteDir = path.join(dir, 'dist');
  const server = await startServer({
    dataDir: path.join(dir, 'data'),
    env: {
      BOOTH_WORKERS: '1',
      BOOTH_HTTPS: 'off',
      BOOTH_SITE_DIR: siteDir,
      BOOTH_SITE_DATA: path.join(dir, 'tenants.generated.json'),
    },
  });
  return { server, dir, siteDir };
}

/** The renderer the builds kept for the site folder, removed once the test's booth stopped. */
export const removeRenderer = (siteDir: string) => fs.rmSync(rendererDirFor(siteDir), { recursive: true, force: true });

/** The run once it has ended, read again while it runs (each read waits up to 30 s for its end). */
export async function finishedRun(url: string, cookie: string, run: PublishRun): Promise<PublishRun> {
  while (run.status === 'running') {
    const next = await call<PublishRun>(url, 'GET', `/publish/${run.id}?wait=30`, { cookie });
    expect(next.status).toBe(200);
    run = next.body;
  }
  return run;
}
