// Small helpers the journey tests read like the spec with.
import { DatabaseSync } from 'node:sqlite';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';
import type { Style } from '../../../contract/index.ts';

/** The button or link a visitor would press, by its exact text. */
export const action = (page: Page, name: string) =>
  page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('link', { name, exact: true }))
    .first();

/** The die-cut sticker style (the engine's first sticker style). */
export function stickerStyle(styles: Style[]): Style {
  const style = styles.find((s) => /sticker/i.test(`${s.id} ${s.description}`));
  if (!style) throw new Error('no sticker style was built into the styles screen');
  return style;
}

/** How many jobs the server has stored, read from its real SQLite file. */
export function countJobs(dataDir: string): number {
  const file = readdirSync(dataDir).find((f) => f.endsWith('.sqlite') || f.endsWith('.db'));
  if (!file) throw new Error(`no SQLite file in ${dataDir}`);
  const db = new DatabaseSync(join(dataDir, file), { readOnly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM jobs').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/**
 * Opens a screen and waits until its islands are hydrated: a tap before that is lost, and a
 * test that taps at once would then wait for something that never comes.
 */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

/** Astro drops an island's `ssr` attribute once React has hydrated it. */
export const hydrated = (page: Page) => page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));

/** The camera screen at `origin + base`, a photo taken and used: the page is on the styles screen. */
export async function photoOnStylesScreen(page: Page, origin: string, base = ''): Promise<void> {
  await visit(page, `${origin}${base}/camera`);
  await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
  await action(page, 'Take Photo').click();
  await action(page, 'Use this image').click();
  await page.waitForURL(`${origin}${base}/styles`);
  await hydrated(page);
}
