// Several pictures per guest, as a guest of Gala Night (four per guest) gets them: four results
// from one photo, each with its caption (the sticker peels), a radio button to choose one, and
// Share, Download and a kiosk's Print taking the one chosen. In Chromium, against the real
// embedded server, its real engine and the real built site; axe on the new state.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { CREATE_JOB_PATH, EVENT_TEXT, JobSchema, TEXT, type Job } from '../../../contract/index.ts';
import { REPO_ROOT } from '../../../scripts/support/server-process.ts';
import { patience } from '../../support/patience.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action } from '../support/journey.ts';

const boothUrl = inject('boothUrl');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A comic job of a real photo for Gala Night, through the AI hub's create call, once it ended. */
async function galaJob(): Promise<Job> {
  const image = `data:image/jpeg;base64,${readFileSync(join(REPO_ROOT, 'tests/fixtures/astronaut.jpg')).toString('base64')}`;
  const res = await fetch(`${boothUrl}${CREATE_JOB_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ style_id: 'comic', image, tenant: 'gala' }),
  });
  const { id, error } = (await res.json()) as { id: string; error?: string };
  expect(res.status, error).toBe(201);
  const end = Date.now() + patience(60_000);
  while (Date.now() < end) {
    const job = JobSchema.parse(await (await fetch(`${boothUrl}/transformations/jobs/${id}/?wait=20`)).json());
    if (job.result.status === 'COMPLETED') return { ...job, id };
    expect(job.result.status).not.toBe('ERROR');
  }
  throw new Error(`job ${id} did not end in time`);
}

const completed = (page: Page) =>
  page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(30_000) });
const choice = (page: Page, place: string) =>
  page.getByRole('radio', { name: `${EVENT_TEXT.choosePicture} (${place})` });

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe("several pictures per guest (Gala Night's four)", () => {
  const { newPage } = suiteBrowser({ camera: 'none' });

  it('shows four results with their captions, and shares the one the guest chose', async () => {
    const job = await galaJob();
    expect(job.images).toHaveLength(4);
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    // A phone that shares files: what it is asked to share is kept for the test.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true, configurable: true });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { shared: unknown }).shared = {
            text: data.text,
            title: data.title,
            name: data.files?.[0]?.name,
          };
        },
      });
    });
    await page.goto(`${boothUrl}/gala/results/${job.id}`);
    await completed(page);
    const group = page.getByRole('radiogroup', { name: EVENT_TEXT.picturesLegend });
    expect(await group.locator('figure').count()).toBe(4);
    expect(await group.locator('figcaption').allTextContents()).toEqual(job.captions);
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('figure img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    // The die-cut sticker of the set peels; the others are framed pictures.
    expect(await page.locator('.booth-sticker').count()).toBe(1);
    expect(await choice(page, '1 of 4').isChecked()).toBe(true);

    await choice(page, '3 of 4').check();
    expect(await choice(page, '1 of 4').isChecked()).toBe(false);
    expect(await axe(page)).toEqual([]);
    // Share draws the full picture chosen (the screen shows display copies) and sends it with its caption.
    const [drawn] = await Promise.all([
      page.waitForRequest((request) => request.url() === job.images[2]),
      action(page, TEXT.share).click(),
    ]);
    expect(drawn.url()).toBe(job.images[2]);
    const shared = await page.waitForFunction(() => (window as unknown as { shared?: unknown }).shared);
    expect(await shared.jsonValue()).toEqual({
      text: job.captions![2],
      title: 'Look AI transformed me!',
      name: 'ai_me.png',
    });
  });

  it('opens the chosen picture with Download, and prints the chosen one at a kiosk', async () => {
    const job = await galaJob();
    const phone = await newPage();
    await phone.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'canShare', { value: undefined, configurable: true }),
    );
    await phone.goto(`${boothUrl}/gala/results/${job.id}`);
    await completed(phone);
    await choice(phone, '2 of 4').check();
    const [popup] = await Promise.all([phone.waitForEvent('popup'), action(phone, TEXT.download).click()]);
    expect(popup.url()).toBe(job.images[1]);

    const kiosk = await newPage({ viewport: { width: 1080, height: 1920 } });
    await kiosk.goto(`${boothUrl}/gala/results/${job.id}?kiosk`);
    await completed(kiosk);
    await choice(kiosk, '4 of 4').check();
    await kiosk.locator(`.booth-print-image[src="${job.images[3]}"]`).waitFor({ state: 'attached' });
    expect(await axe(kiosk)).toEqual([]);
  });
});
