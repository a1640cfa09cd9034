// The visitor's journey on a scale-out deployment, in Chromium: the built pages on a static host
// (Debian's nginx), which as a load balancer sends /transformations/ to an API node; a worker
// restyles the photo from the queue on Redis, and the result comes from the S3-compatible store.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEXT } from '../../contract/index.ts';
import { newDataDir } from '../support/server-process.ts';
import { startNginx, type Nginx } from '../integration/pipeline/support/nginx.ts';
import { startCluster, type Cluster } from '../support/scale-cluster.ts';
import { suiteBrowser } from './support/browser.ts';
import { photoOnStylesScreen, stickerStyle } from './support/journey.ts';
import { readSiteData } from './support/site-data.ts';
import { patience } from '../support/patience.ts';

let cluster: Cluster;
let site: Nginx;
beforeAll(async () => {
  cluster = await startCluster({ apis: 1, workers: 1, styles: 'local' });
  const api = new URL(cluster.apis[0]!.url);
  site = await startNginx(inject('siteDir'), path.join(newDataDir('e2e-scale'), 'nginx'), [
    // ^~: before the site's own regex locations, which would take /transformations/ for a tenant.
    `location ^~ /transformations/ { proxy_pass http://${api.host}; proxy_set_header X-Forwarded-For $remote_addr; }`,
  ]);
});
afterAll(async () => {
  await site?.stop();
  await cluster?.close();
});

describe('the journey on API nodes, workers, Redis and S3', () => {
  const { newPage } = suiteBrowser({ camera: 'astronaut' });

  it('takes a visitor from the photo to a sticker whose image comes from the store', async () => {
    const page = await newPage();
    await photoOnStylesScreen(page, site.url);
    const style = stickerStyle(readSiteData().styles);
    await page.getByRole('button', { name: new RegExp(style.description) }).click();
    await page.waitForURL(/\/results\/[\w-]+$/, { timeout: patience(30_000) });
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(30_000) });
    const jobId = new URL(page.url()).pathname.split('/').pop()!;

    // The picture on screen is the store's display copy, drawn from the store's origin.
    const img = page.locator('figure img').first();
    await page.waitForFunction(
      () => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    const src = (await img.getAttribute('src'))!;
    expect(src.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/results/${jobId}/`)).toBe(true);
    // Share draws the full image into a canvas: the store's CORS lets the page read it back.
    const href = (await page.locator('figure a').first().getAttribute('href'))!;
    expect(href.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/results/${jobId}/1.png`)).toBe(true);
    const readable = await page.evaluate(async (url) => {
      const picture = new Image();
      picture.crossOrigin = 'anonymous';
      picture.src = url;
      await picture.decode();
      const canvas = Object.assign(document.createElement('canvas'), {
        width: picture.naturalWidth,
        height: picture.naturalHeight,
      });
      canvas.getContext('2d')!.drawImage(picture, 0, 0);
      return canvas.toDataURL('image/png').length;
    }, href);
    expect(readable).toBeGreaterThan(1000);

    // The job went in through the API node and was restyled by the worker.
    expect(cluster.apis[0]!.output()).toMatch(new RegExp(`job ${jobId} style=${style.id} PENDING`));
    expect(cluster.workers[0]!.output()).toMatch(new RegExp(`job ${jobId} style=${style.id} COMPLETED`));
  });
});
