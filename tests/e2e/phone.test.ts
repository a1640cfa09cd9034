// A phone on the event Wi-Fi: it reaches the laptop by its network address, where plain http is
// not a secure context and browsers give no camera. The booth sends it to HTTPS, where the
// visitor who accepted the self-signed certificate once takes a photo and gets a result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser } from 'playwright';
import { TEXT } from '../../contract/index.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';
import { launchBrowser } from './support/browser.ts';
import { action, hydrated, stickerStyle } from './support/journey.ts';
import { readSiteData } from './support/site-data.ts';
import { lanAddress } from '../support/network.ts';
import { patience } from '../support/patience.ts';

describe.skipIf(!lanAddress)('a phone on the event network', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // The built site of this run, served by a booth that listens on the network.
    server = await startServer({
      env: { BOOTH_HOST: '0.0.0.0', BOOTH_SITE_DIR: inject('siteDir'), BOOTH_WORKERS: '1' },
    });
    // Its engine is warm before the visitor comes: the page's first held answer lasts 20 s at most.
    for (const until = Date.now() + 120_000; !/worker 0 ready/.test(server.output()); ) {
      if (Date.now() > until) throw new Error(`The booth's engine did not start:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    browser = await launchBrowser({ camera: 'astronaut' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is sent from http to HTTPS, gets the camera there, and gets its result', async () => {
    // ignoreHTTPSErrors: the visitor chose to go on past the self-signed certificate's warning.
    const page = await (await browser.newContext({ ignoreHTTPSErrors: true })).newPage();
    const httpsPort = new URL(server.httpsUrl!).port;
    await page.goto(`http://${lanAddress}:${server.port}/camera`);
    expect(page.url()).toBe(`https://${lanAddress}:${httpsPort}/camera`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await hydrated(page);
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`https://${lanAddress}:${httpsPort}/styles`);
    await hydrated(page);
    await page.getByRole('button', { name: new RegExp(stickerStyle(readSiteData().styles).description) }).click();
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(45_000) });
    const image = page.locator('figure img').first();
    await page.waitForFunction(
      () => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    expect(await image.evaluate((i: HTMLImageElement) => new URL(i.currentSrc).origin)).toBe(
      `https://${lanAddress}:${httpsPort}`,
    );
  });
});
