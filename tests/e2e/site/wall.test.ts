// The event wall in Chromium against the real server and the real built site, on the Gala Night
// demo tenant (wall on, approve first): a guest ticks the box on their result, an operator
// approves it in the console with one key, and the picture appears on a wall already open; a
// hidden one never does; a deleted one leaves within 2 seconds; after its server restarts the
// wall reconnects by itself and shows what was approved meanwhile. The default tenant's wall is off.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { TEXT } from '../../../contract/index.ts';
import { WALL_TEXT, wallEventsPath, wallSayPath } from '../../../contract/wall.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { suiteBrowser } from '../support/browser.ts';
import { finishedJob, operatorApi, signIn } from '../console/support.ts';
import { call, signIn as apiSignIn } from '../../integration/server/support/console.ts';
import { createJob, fixture, waitForJob } from '../../integration/server/support/client.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');

/** The guest's say through the AI hub, as the box sends it. */
async function sayYes(id: string) {
  const res = await fetch(boothUrl + wallSayPath('gala', id), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ show: true }),
  });
  expect(res.status).toBe(200);
}

/** The wall of Gala Night, open and connected. */
async function openWall(page: Page) {
  await page.goto(`${boothUrl}/gala/wall`);
  await page.locator('[data-wall][data-connected="true"]').waitFor();
}

const onWall = (wall: Page, id: string) => wall.locator(`.booth-wall-mosaic li[data-id="${id}"] img`);

/** The console's event page of Gala Night, signed in as an operator. */
async function moderation(page: Page) {
  await signIn(page, undefined, undefined, '#/tenants/gala/event');
  await page.getByRole('heading', { name: /^Waiting for the event wall/ }).waitFor();
}

describe('the event wall', () => {
  const { newPage } = suiteBrowser({ camera: 'none' });

  it('shows a picture on an open wall once its guest ticked the box and an operator approved it with A', async () => {
    const wall = await newPage({ viewport: { width: 1920, height: 1080 } });
    await openWall(wall);
    await wall.getByText(WALL_TEXT.invite).waitFor();
    expect(await wall.locator('.booth-wall-qr svg').getAttribute('data-qr-url')).toBe(`${boothUrl}/gala`);

    const { id } = await finishedJob('gala');
    const guest = await newPage();
    await guest.goto(`${boothUrl}/gala/results/${id}`);
    await guest.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    const box = guest.getByRole('checkbox', { name: WALL_TEXT.optIn });
    // Gala Night's consent text does not speak of the wall: the box starts unticked.
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await guest.getByText(WALL_TEXT.optInWaiting).waitFor();
    expect(await onWall(wall, id).count()).toBe(0);

    const operator = await newPage();
    await moderation(operator);
    const waiting = operator.locator(`li[data-picture="${id}"]`);
    await waiting.focus();
    await operator.keyboard.press('a');
    await operator.getByText('Approved: it shows on the wall.').waitFor();

    await onWall(wall, id).waitFor();
    await expect.poll(() => onWall(wall, id).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await wall.getByText(WALL_TEXT.empty).waitFor({ state: 'hidden' });
    // The guest opening their result again sees their picture on the wall.
    await guest.reload();
    await guest.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await expect.poll(() => box.isChecked()).toBe(true);
  });

  it('never shows a picture hidden with H, moves the focus to the next, and takes a deleted one off within 2 s', async () => {
    const wall = await newPage({ viewport: { width: 1080, height: 1920 } });
    await openWall(wall);
    const hidden = (await finishedJob('gala', 'astronaut.jpg')).id;
    const approved = (await finishedJob('gala', 'grace_hopper.jpg')).id;
    await sayYes(hidden);
    await sayYes(approved);

    const operator = await newPage();
    await moderation(operator);
    await operator.locator(`li[data-picture="${hidden}"]`).focus();
    await operator.keyboard.press('h');
    await operator.getByText('Hidden: it never shows.').waitFor();
    // The next picture has the focus: A acts on it.
    await expect
      .poll(() => operator.evaluate(() => document.activeElement?.getAttribute('data-picture')))
      .toBe(approved);
    await operator.keyboard.press('a');
    await onWall(wall, approved).waitFor();
    expect(await onWall(wall, hidden).count()).toBe(0);

    const api = await operatorApi();
    const started = Date.now();
    expect((await api('DELETE', `/tenants/gala/results/${approved}`)).status).toBe(204);
    await onWall(wall, approved).waitFor({ state: 'detached', timeout: patience(2_000) });
    expect(Date.now() - started).toBeLessThan(patience(2_000));
    expect(await onWall(wall, hidden).count()).toBe(0);
  });

  it('reconnects by itself after the server restarts and shows what was approved meanwhile', async () => {
    // A booth of its own, serving the same built site from the same data folder across its
    // restart: the shared server of the other tests stays up. Its wall page is the built one,
    // pointed at this booth's AI hub.
    const first = await startServer({
      env: { BOOTH_SITE_DIR: inject('siteDir'), BOOTH_SITE_DATA: inject('siteDataFile'), BOOTH_HTTPS: 'off' },
    });
    let booth: RunningServer = first;
    try {
      const wall = await newPage({ viewport: { width: 1920, height: 1080 } });
      await wall.route(
        (url) => url.pathname === '/gala/wall',
        async (route) => {
          const response = await route.fetch();
          const html = (await response.text()).replaceAll(`data-ai-host="${boothUrl}"`, `data-ai-host="${first.url}"`);
          await route.fulfill({ response, body: html });
        },
      );
      await wall.goto(`${first.url}/gala/wall`);
      await wall.locator('[data-wall][data-connected="true"]').waitFor({ timeout: patience(5_000) });
      const id = await createJob(first.url, fixture('astronaut.jpg'), 'comic', 'gala');
      expect((await waitForJob(first.url, id)).result.status).toBe('COMPLETED');
      const yes = await fetch(first.url + wallSayPath('gala', id), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ show: true }),
      });
      expect(yes.status).toBe(200);

      // The wall's next tries fail until the test lets them through: the approval lands while it is away.
      const away = (url: URL) => url.pathname === wallEventsPath('gala');
      await wall.route(away, (route) => route.abort('connectionrefused'));
      await first.stop();
      await wall.getByText(WALL_TEXT.reconnecting).waitFor({ timeout: patience(5_000) });
      booth = await startServer({
        dataDir: first.dataDir,
        env: {
          PORT: String(first.port),
          BOOTH_SITE_DIR: inject('siteDir'),
          BOOTH_SITE_DATA: inject('siteDataFile'),
          BOOTH_HTTPS: 'off',
        },
      });
      const cookie = await apiSignIn(booth.url);
      const approved = await call(booth.url, 'POST', `/tenants/gala/wall/${id}`, {
        cookie,
        body: { decision: 'approve' },
      });
      expect(approved.status).toBe(204);
      expect(await onWall(wall, id).count()).toBe(0);

      await wall.unroute(away);
      await onWall(wall, id).waitFor({ timeout: patience(10_000) });
      await wall.getByText(WALL_TEXT.reconnecting).waitFor({ state: 'hidden', timeout: patience(2_000) });
    } finally {
      await booth.stop();
    }
  });

  it('says the wall is off for a tenant without it, and offers no box on its results', async () => {
    const page = await newPage();
    await page.goto(`${boothUrl}/wall`);
    await page.getByRole('heading', { name: WALL_TEXT.offHeading }).waitFor();
    await page.getByText(WALL_TEXT.off).waitFor();

    const { id } = await finishedJob('aurora');
    await page.goto(`${boothUrl}/aurora/results/${id}`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
  });
});
