// A visitor through a generative sticker style, in Chromium: the same built site, served by a
// booth whose styles file offers an OpenAI sticker style (against the Images API stand-in). The
// styles screen picks the style up from the hub, the job goes through the provider and the CPU
// die-cut, and the result peels like any sticker.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEXT } from '../../../contract/index.ts';
import type { RunningServer } from '../../support/server-process.ts';
import { startStylesBooth } from '../../support/styles-booth.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { suiteBrowser } from '../support/browser.ts';
import { photoOnStylesScreen } from '../support/journey.ts';
import { patience } from '../../support/patience.ts';

const STYLES = {
  styles: [
    {
      id: 'anime-sticker',
      description: 'Anime sticker',
      prompt: 'An anime sticker of you',
      engine: 'openai',
      sticker: true,
    },
    { id: 'die-cut-sticker', engine: 'local' },
  ],
};

let standIn: OpenAiStandIn;
let booth: RunningServer;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  booth = await startStylesBooth(STYLES, standIn, {
    area: 'e2e-generative',
    env: {
      BOOTH_SITE_DIR: inject('siteDir'),
    },
  });
});
afterAll(async () => {
  await booth?.stop();
  await standIn?.close();
});

describe('a generative sticker style', () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('takes a visitor from the photo to a peeling sticker made by the provider', async () => {
    const page = await newPage();
    await photoOnStylesScreen(page, booth.url);
    // The site was built with the local styles; the styles screen asks the hub for the current list.
    const tile = page.getByRole('button', { name: /Anime sticker/ });
    await tile.waitFor();
    await tile.click();
    await page.waitForURL(/\/results\/[\w-]+$/);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(30_000) });
    expect(await page.locator('figcaption').textContent()).toBe('An anime sticker of you');
    const sticker = page.locator('.booth-sticker');
    await sticker.waitFor();
    // The peel toggles 1 s after the picture loads.
    await expect.poll(() => sticker.getAttribute('data-peeled'), { timeout: patience(5000) }).toBe('true');
    expect(standIn.received.at(-1)).toMatchObject({ prompt: 'An anime sticker of you' });
    // What the visitor downloads is the die-cut PNG, transparent around the person.
    const href = await page.locator('figure a').getAttribute('href');
    const res = await fetch(new URL(href!, booth.url));
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});
