// What the accessibility tests share: the WCAG 2.2 AA rules axe runs, axe's violations on a page
// (one line each, to compare with none), a browser with the fake camera and one without for a
// describe block, and the folder where each screen's screenshot lands for a person.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from '../e2e/support/browser.ts';

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const SHOTS = join(import.meta.dirname, '..', '..', '.test-runs', 'e2e', 'screens');

/**
 * axe on the page, violations only: axe then skips building selectors for every node that
 * passed, most of its time on these screens; the violations are reported as fully as before.
 */
export const violationsOn = async (page: Page) =>
  (
    await new AxeBuilder({ page })
      .withTags(WCAG_22_AA)
      .options({ resultTypes: ['violations'] })
      .analyze()
  ).violations;

/** Each violation as `rule: help (the elements)`, so a failure names what to fix. */
export const violationLines = (violations: Awaited<ReturnType<typeof violationsOn>>) =>
  violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);

/** Two browsers for the describe block it is called in: `pick(true)` has the fake camera, `pick(false)` none. */
export function screenBrowsers() {
  let withCamera: Browser;
  let withoutCamera: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    withCamera = await launchBrowser({ camera: 'astronaut' });
    withoutCamera = await launchBrowser({ camera: 'none' });
  });
  afterAll(async () => {
    await withCamera?.close();
    await withoutCamera?.close();
  });
  return { pick: (camera?: boolean) => (camera ? withCamera : withoutCamera) };
}
