// axe (WCAG 2.2 AA) on every page of the operator console, in the states an operator meets:
// signed out, a refused sign-in, the lists, the forms with their problems, a frame with its
// preview and refused files, publish (with a deleted tenant) and the event at a glance (of
// tenants made for this file, with a real publish and a real job).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright';
import { launchBrowser } from '../e2e/support/browser.ts';
import sharp from 'sharp';
import {
  SERVICE,
  consoleUrl,
  finishedJob,
  operatorApi,
  publish,
  removeTenant,
  signIn,
  uniqueSlug,
} from '../e2e/console/support.ts';
import { patience } from '../support/patience.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const shots = join(import.meta.dirname, '..', '..', '.test-runs', 'e2e', 'screens');

interface ConsolePage {
  name: string;
  /** Opens the page in the state under test. */
  open: (page: Page) => Promise<unknown>;
}

/** Tenants made here, removed after the file (with their pages, when published). */
const madeTenants: [string, boolean][] = [];
const made = (slug: string, published: boolean) => {
  madeTenants.push([slug, published]);
  return slug;
};

const signedIn = (hash: string, ready: (page: Page) => Promise<unknown>) => async (page: Page) => {
  await signIn(page, SERVICE.username, SERVICE.password, hash);
  await ready(page);
};

/** A frame the console takes: an opaque band around a transparent window. */
async function a11yFrame() {
  const opaque = await sharp({ create: { width: 600, height: 750, channels: 4, background: '#1d2b53ff' } })
    .png()
    .toBuffer();
  const cut = await sharp({ create: { width: 480, height: 630, channels: 4, background: '#000000ff' } })
    .png()
    .toBuffer();
  return sharp(opaque)
    .composite([{ input: cut, left: 60, top: 60, blend: 'dest-out' }])
    .png()
    .toBuffer();
}

const PAGES: ConsolePage[] = [
  {
    name: 'sign-in',
    open: async (p) => {
      await p.goto(consoleUrl());
      await p.getByRole('heading', { name: 'Sign in' }).waitFor();
    },
  },
  {
    name: 'sign-in-refused',
    open: async (p) => {
      await p.goto(consoleUrl());
      await p.getByRole('button', { name: 'Sign in' }).click();
      await p.getByRole('alert').waitFor();
    },
  },
  { name: 'tenants', open: signedIn('', (p) => p.getByRole('link', { name: 'Gala Night' }).waitFor()) },
  {
    name: 'create-tenant-problems',
    open: signedIn('#/new', async (p) => {
      await p.getByLabel('Slug').fill('Not A Slug');
      await p.getByRole('button', { name: 'Create tenant' }).click();
      await p.locator('.summary').waitFor();
    }),
  },
  { name: 'tenant', open: signedIn('#/tenants/gala', (p) => p.getByLabel('Client name').waitFor()) },
  {
    name: 'tenant-save-refused',
    open: signedIn('#/tenants/aurora', async (p) => {
      await p.getByLabel('Accent colour', { exact: true }).fill('nope');
      await p.getByRole('button', { name: 'Save' }).click();
      await p.locator('.summary').waitFor();
      await p.getByRole('button', { name: 'Delete tenant' }).click();
    }),
  },
  {
    // An Arabic tenant's texts (the preview right to left), with a warning and a refusal under their fields.
    name: 'tenant-own-texts',
    open: signedIn('#/tenants/noor/texts', async (p) => {
      await p.getByLabel('Screen', { exact: true }).selectOption('results');
      await p.getByLabel('Take Another Photo (button)', { exact: true }).fill('التقط صورة أخرى '.repeat(4));
      await p.locator('.field .warnings').waitFor();
      await p.getByLabel('Result', { exact: true }).fill('<b>النتيجة</b>');
      await p.locator('.field .problems').waitFor();
    }),
  },
  { name: 'no-such-page', open: signedIn('#/nowhere', (p) => p.getByText('The console has no such page.').waitFor()) },
  { name: 'accounts', open: signedIn('#/accounts', (p) => p.getByRole('cell', { name: SERVICE.username }).waitFor()) },
  {
    name: 'publish',
    open: async (p) => {
      // A tenant whose colours the build warns about, published: the report lists a problem.
      const slug = made(uniqueSlug('a11y-publish'), true);
      expect(
        (await (await operatorApi())('POST', '/tenants', { slug, backgroundColor: '#888888', textColor: '#777777' }))
          .status,
      ).toBe(201);
      await signIn(p, SERVICE.username, SERVICE.password, '#/publish');
      await p.getByRole('button', { name: 'Publish the changed tenants' }).click();
      await p.getByText(`Tenants: ${slug}.`, { exact: false }).waitFor();
      await p.getByRole('heading', { name: /The last publish/ }).waitFor({ timeout: patience(60_000) });
    },
  },
  {
    name: 'tenant-frame-and-problems',
    open: async (p) => {
      // A frame uploaded (its preview over the sample picture), a missing file told under its
      // field, an http:// logo refused, and an upload refused in the page before it is sent.
      const slug = made(uniqueSlug('a11y-frame'), false);
      const api = await operatorApi();
      expect((await api('POST', '/tenants', { slug, backgroundImageUrl: `${slug}/background-gone.jpg` })).status).toBe(
        201,
      );
      await signIn(p, SERVICE.username, SERVICE.password, `#/tenants/${slug}`);
      await p
        .getByLabel('Upload a frame')
        .setInputFiles({ name: 'frame.png', mimeType: 'image/png', buffer: await a11yFrame() });
      await p.getByRole('button', { name: 'Upload frame' }).click();
      await p.getByTestId('frame-preview').locator('img').waitFor();
      await p.locator('#f-backgroundImageUrl-warnings').waitFor();
      await p.getByLabel('Logo', { exact: true }).fill('http://cdn.example.com/logo.png');
      await p.locator('#f-logoUrl-problems').waitFor();
      await p
        .getByLabel('Upload a logo')
        .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) });
      await p.locator('#upload-logo-problems').waitFor();
    },
  },
  {
    name: 'publish-deleted-tenant',
    open: async (p) => {
      const slug = made(uniqueSlug('a11y-gone'), true);
      const api = await operatorApi();
      expect((await api('POST', '/tenants', { slug })).status).toBe(201);
      expect((await publish([slug])).status).toBe('succeeded');
      expect((await api('DELETE', `/tenants/${slug}`)).status).toBe(204);
      await signIn(p, SERVICE.username, SERVICE.password, '#/publish');
      await p.getByTestId('removed').waitFor();
    },
  },
  {
    name: 'event',
    open: async (p) => {
      const slug = made(uniqueSlug('a11y-event'), false);
      expect((await (await operatorApi())('POST', '/tenants', { slug })).status).toBe(201);
      await finishedJob(slug);
      await signIn(p, SERVICE.username, SERVICE.password, `#/tenants/${slug}/event`);
      await p.locator('.gallery img').waitFor();
      await p.getByRole('link', { name: /^Open/ }).waitFor();
      await p.getByRole('table', { name: 'By style, today' }).waitFor();
      await p.getByRole('button', { name: 'Delete all results of this tenant' }).click();
    },
  },
];

describe('accessibility (axe, WCAG 2.2 AA) of every console page', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    browser = await launchBrowser({ camera: 'none' });
  });
  afterAll(async () => {
    await browser?.close();
    for (const [slug, published] of madeTenants) await removeTenant(slug, { published });
  });

  for (const screen of PAGES) {
    it(`console: ${screen.name} has no violations`, async () => {
      const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
      try {
        const page = await context.newPage();
        await screen.open(page);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.screenshot({ path: join(shots, `console-${screen.name}.png`), fullPage: true });
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
        expect(
          violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
        ).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
