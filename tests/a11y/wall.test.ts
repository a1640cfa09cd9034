// axe (WCAG 2.2 AA) on the event wall's pages and states: the wall of Gala Night on a landscape
// and a portrait screen with a picture on it, the default tenant's "wall is off" page, a result
// with its box ticked and its answer, and the console's moderation queue with a picture waiting.
// Real jobs on the real server; a screenshot of each lands in .test-runs/e2e/screens/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright';
import { TEXT } from '../../contract/index.ts';
import { WALL_TEXT, wallSayPath } from '../../contract/wall.ts';
import { suiteBrowser } from '../e2e/support/browser.ts';
import { finishedJob, operatorApi, signIn } from '../e2e/console/support.ts';

const boothUrl = inject('boothUrl');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const shots = join(import.meta.dirname, '..', '..', '.test-runs', 'e2e', 'screens');

async function audit(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const say = (id: string) =>
  fetch(boothUrl + wallSayPath('gala', id), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ show: true }),
  });

describe('axe on the event wall', () => {
  const { newPage } = suiteBrowser({ camera: 'none' });

  it('the wall with a picture on it, landscape and portrait, has no violations', async () => {
    const { id } = await finishedJob('gala');
    expect((await say(id)).status).toBe(200);
    const api = await operatorApi();
    expect((await api('POST', `/tenants/gala/wall/${id}`, { decision: 'approve' })).status).toBe(204);
    for (const [name, viewport] of [
      ['gala-wall-landscape', { width: 1920, height: 1080 }],
      ['gala-wall-portrait', { width: 1080, height: 1920 }],
    ] as const) {
      const page = await newPage({ viewport });
      await page.goto(`${boothUrl}/gala/wall`);
      await page.locator(`.booth-wall-mosaic li[data-id="${id}"] img`).waitFor();
      await page.locator('.booth-wall-qr svg').waitFor();
      expect(await audit(page, name), name).toEqual([]);
    }
  });

  it('the default tenant\'s "wall is off" page has no violations', async () => {
    const page = await newPage();
    await page.goto(`${boothUrl}/wall`);
    await page.getByRole('heading', { name: WALL_TEXT.offHeading }).waitFor();
    expect(await audit(page, 'default-wall-off')).toEqual([]);
  });

  it('a result with the box ticked and its answer has no violations', async () => {
    const { id } = await finishedJob('gala');
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    await page.goto(`${boothUrl}/gala/results/${id}`);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    await page.getByRole('checkbox', { name: WALL_TEXT.optIn }).check();
    await page.getByText(WALL_TEXT.optInWaiting).waitFor();
    expect(await audit(page, 'gala-results-wall-opt-in')).toEqual([]);
  });

  it("the console's moderation queue with a picture waiting has no violations", async () => {
    const { id } = await finishedJob('gala');
    expect((await say(id)).status).toBe(200);
    const page = await newPage();
    await signIn(page, undefined, undefined, '#/tenants/gala/event');
    await page.locator(`li[data-picture="${id}"] img`).waitFor();
    await page.locator(`li[data-picture="${id}"]`).focus();
    expect(await audit(page, 'console-wall-moderation')).toEqual([]);
  });
});
