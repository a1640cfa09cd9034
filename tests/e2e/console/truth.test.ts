// The console tells the truth, in Chromium against the real server and its real build: a frame
// uploaded (checked in the browser and on the server, previewed over a sample picture) reaches
// results when it is published and not before; a missing file is a problem; an http:// address
// is refused with its sentence; every problem names its field in words; a deleted tenant's pages
// answer as an unknown tenant's at once; and the event page lists each result with its time,
// style and link, gives each style's figures of the day, and keeps a deleted one counted.
import { describe, expect, inject, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright';
import { DEFAULT_BRANDING } from '../../../contract/branding.ts';
import { DEFAULT_UPLOAD_IMAGE_BYTES, sizeWords } from '../../../contract/upload-limits.ts';
import { suiteBrowser } from '../support/browser.ts';
import { distance, pixelsOf } from '../../integration/server/support/pixels.ts';
import {
  consoleUrl,
  finishedJob,
  operatorApi,
  publish,
  removeTenant,
  signIn,
  uniqueSlug,
  publishChanged,
} from './support.ts';
import { patience } from '../../support/patience.ts';

const MAGENTA = [0xff, 0x00, 0xff];
/** Points inside a 60 px band of an 800×1000 frame stretched over a result, as shares of its size. */
const BORDER = [
  [0.03, 0.5],
  [0.97, 0.5],
  [0.5, 0.025],
  [0.5, 0.975],
] as const;

/** A frame of 800×1000: an opaque magenta band of `band` px around a transparent window (none: opaque all over). */
async function framePng(band: number | null) {
  const opaque = await sharp({ create: { width: 800, height: 1000, channels: 4, background: '#ff00ffff' } })
    .png()
    .toBuffer();
  if (band === null) return opaque;
  // dest-out: an opaque cut-out clears what it covers.
  const cut = await sharp({
    create: { width: 800 - 2 * band, height: 1000 - 2 * band, channels: 4, background: '#000000ff' },
  })
    .png()
    .toBuffer();
  return sharp(opaque)
    .composite([{ input: cut, left: band, top: band, blend: 'dest-out' }])
    .png()
    .toBuffer();
}

/** Whether a result carries the frame: magenta at every border point. */
async function framed(url: string) {
  const image = await pixelsOf(url);
  return BORDER.every(([x, y]) => distance(image.at(x, y), MAGENTA) < 40);
}

const problemTexts = (page: Page) =>
  page.locator('.problems li, .warnings li, .summary li, #saved-problems ~ ul li').allTextContents();

describe('the console tells the truth', () => {
  const { newPage } = suiteBrowser({ camera: 'none' });

  it('uploads a frame checked in the browser and on the server, previews it, and puts it on results only once published', async () => {
    const api = await operatorApi();
    const slug = uniqueSlug('frame');
    expect((await api('POST', '/tenants', { slug, client: 'Frame Fair' })).status).toBe(201);
    try {
      // Published without a frame: its results are plain.
      expect((await publish([slug])).status).toBe('succeeded');
      const page = await newPage();
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PUT' && r.url().includes('/files/')) sent.push(r.url());
      });
      await signIn(page, undefined, undefined, `#/tenants/${slug}`);
      await page.getByLabel('Client name').waitFor();

      // The limits are told before a file is chosen, with the server's numbers.
      await expect
        .poll(() => page.locator('#upload-frame-hint').textContent())
        .toContain(`at most ${sizeWords(DEFAULT_UPLOAD_IMAGE_BYTES)}`);
      expect(await page.locator('#upload-frame-hint').textContent()).toMatch(
        /^A PNG with a transparent window, 512 to 4096 px on each side/,
      );
      expect(await page.locator('#upload-logo-hint').textContent()).toBe(
        'A PNG, JPEG or WebP image; at most 10 MB. Stored as PNG.',
      );

      // Too large, or not a PNG: refused in the page, nothing sent.
      const input = page.getByLabel('Upload a frame');
      await input.setInputFiles({
        name: 'huge.png',
        mimeType: 'image/png',
        buffer: Buffer.alloc(DEFAULT_UPLOAD_IMAGE_BYTES + 1024 * 1024),
      });
      await expect
        .poll(() => page.locator('#upload-frame-problems').textContent())
        .toBe('The file is 11 MB; the limit is 10 MB. Choose a smaller one.');
      await page.getByRole('button', { name: 'Upload frame' }).click();
      expect(await page.locator('#upload-frame-problems').textContent()).toBe(
        'The file is 11 MB; the limit is 10 MB. Choose a smaller one.',
      );
      await input.setInputFiles({
        name: 'frame.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#fff' } })
          .jpeg()
          .toBuffer(),
      });
      await expect
        .poll(() => page.locator('#upload-frame-problems').textContent())
        .toBe('That file is not a PNG with a transparent window; choose one.');
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      expect(sent).toEqual([]);

      // A PNG with no window: the server's check, its sentence under the field.
      await input.setInputFiles({ name: 'opaque.png', mimeType: 'image/png', buffer: await framePng(null) });
      await page.getByRole('button', { name: 'Upload frame' }).click();
      await expect
        .poll(() => page.locator('#upload-frame-problems').textContent())
        .toMatch(/^The frame has no transparent pixels; a frame needs a transparent window/);
      expect(sent).toHaveLength(1);

      // A real frame: named in the field, drawn over the sample picture.
      await input.setInputFiles({ name: 'frame.png', mimeType: 'image/png', buffer: await framePng(60) });
      await page.getByRole('button', { name: 'Upload frame' }).click();
      await expect
        .poll(() => page.getByLabel('Frame', { exact: true }).inputValue())
        .toMatch(new RegExp(`^${slug}/frame-[0-9a-f]{12}\\.png$`));
      const overlay = page.getByTestId('frame-preview').locator('img');
      await expect.poll(() => overlay.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
      expect(await page.getByTestId('frame-preview').locator('figcaption').textContent()).toBe(
        'The frame over a sample picture, as it is put on each result.',
      );
      expect(await page.locator('#publish-rule').textContent()).toContain(
        'the frame, logo mark, mirror and scene of new results, change at Publish',
      );

      // Saved, not published: a new result has no frame yet.
      const before = await finishedJob(slug);
      expect(await framed(before.job.images[0]!)).toBe(false);

      // Published from the console: the next result carries it, at its border, with the photo in the window.
      await publishChanged(page, slug);
      const after = await finishedJob(slug);
      expect(await framed(after.job.images[0]!)).toBe(true);
      expect(await framed(after.job.previews![0]!)).toBe(true);
      const image = await pixelsOf(after.job.images[0]!);
      expect(distance(image.at(0.5, 0.5), MAGENTA)).toBeGreaterThan(100);
      // The result made before the publish stays as it was made.
      expect(await framed(before.job.images[0]!)).toBe(false);
    } finally {
      await removeTenant(slug, { published: true });
    }
  });

  it('reports a missing frame file, refuses an http:// logo with its sentence, and names every field in words', async () => {
    const api = await operatorApi();
    const slug = uniqueSlug('truth');
    expect((await api('POST', '/tenants', { slug, client: 'Truth Fair' })).status).toBe(201);
    try {
      // Through the API: an http:// logo is a 400 with its field's sentence.
      const http = await api<{ fields: Record<string, string[]> }>('PUT', `/tenants/${slug}`, {
        client: 'Truth Fair',
        logoUrl: 'http://cdn.example.com/logo.png',
      });
      expect(http.status).toBe(400);
      expect(http.body.fields).toEqual({
        logoUrl: ['Logo is an http:// address; use its https:// address (pages served over HTTPS cannot load it).'],
      });

      const page = await newPage();
      await signIn(page, undefined, undefined, `#/tenants/${slug}`);
      await page.getByLabel('Client name').waitFor();

      // A frame named that is not among the tenant's files: saved, and reported as a problem.
      await page.getByLabel('Frame', { exact: true }).fill(`${slug}/frame-gone.png`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain(`Tenant ${slug} saved.`);
      const missing = `Frame: the file "${slug}/frame-gone.png" is not in the tenant's files, so results are made without the frame. Upload it again, or clear the field.`;
      await expect.poll(() => page.locator('#f-frameUrl-warnings').textContent()).toBe(missing);
      expect(await page.locator('#saved-problems ~ ul li').allTextContents()).toEqual([
        `Tenant "Truth Fair" ("${slug}"): ${missing}`,
      ]);
      await page.getByRole('link', { name: 'Tenants', exact: true }).click();
      const row = page.getByRole('row').filter({ hasText: `/${slug}/` });
      await expect.poll(() => row.textContent()).toContain(missing);
      expect(await row.textContent()).not.toContain('None');

      // An http:// logo in the form: the sentence under the field, and the save refused.
      await page.goto(`${consoleUrl()}#/tenants/${slug}`);
      const logo = page.getByLabel('Logo', { exact: true });
      await logo.fill('http://cdn.example.com/logo.png');
      await expect
        .poll(() => page.locator('#f-logoUrl-problems').textContent())
        .toBe('Logo is an http:// address; use its https:// address (pages served over HTTPS cannot load it).');
      expect(await logo.getAttribute('aria-invalid')).toBe('true');

      // Every field made bad at once: no problem on the page names a field by its key.
      const bad: [string, string][] = [
        ['Client name', 'x'.repeat(150)],
        ['Intro title', 'y'.repeat(250)],
        ['Background colour', 'nope'],
        ['Text colour', 'transparent'],
        ['Accent colour', 'javascript:alert(1)'],
        ['Background image', '../secret.png'],
        ['Processing video', 'javascript:alert(1)'],
        ['Kiosks allowed: idle seconds before the intro', '5'],
        ['Frame', 'a b.png'],
        ['Keep results for (hours)', '0.5'],
        ['Privacy policy address', 'javascript:alert(1)'],
      ];
      for (const [label, value] of bad) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.locator('.summary').waitFor();
      const texts = await problemTexts(page);
      // Each bad field has its problem (the test can fail on a field it forgets).
      expect(texts.length).toBeGreaterThanOrEqual(bad.length + 1);
      const keys = [...Object.keys(DEFAULT_BRANDING).filter((k) => k !== 'slug'), 'styles'];
      for (const text of texts) {
        for (const key of keys) {
          const raw = /[A-Z]/.test(key) ? new RegExp(`\\b${key}\\b`).test(text) : text.startsWith(`${key} `);
          expect(raw, `"${key}" in: ${text}`).toBe(false);
        }
      }
      expect(texts).toEqual(
        expect.arrayContaining([
          'Background colour is not a CSS colour.',
          expect.stringMatching(/^Kiosk idle time is not 0 \(off\)/),
          'Privacy policy address is not a plain http(s) URL.',
        ]),
      );
    } finally {
      await removeTenant(slug);
    }
  });

  it("answers a deleted tenant's pages as an unknown tenant's at once, and says so on the Publish page", async () => {
    const api = await operatorApi();
    const booth = inject('boothUrl');
    const slug = uniqueSlug('gone');
    expect((await api('POST', '/tenants', { slug, client: 'Gone Fair' })).status).toBe(201);
    try {
      expect((await publish([slug])).status).toBe('succeeded');
      expect(await (await fetch(`${booth}/${slug}/`)).text()).toContain('Gone Fair');
      const unknown = async (path: string) => {
        const res = await fetch(`${booth}/${uniqueSlug('nobody')}${path}`);
        return { status: res.status, body: await res.text() };
      };

      const page = await newPage();
      await signIn(page, undefined, undefined, `#/tenants/${slug}`);
      await page.getByRole('button', { name: 'Delete tenant' }).click();
      await page.getByRole('button', { name: `Yes, delete ${slug}` }).click();
      await page.getByRole('heading', { name: 'Tenants' }).waitFor();

      // At once, before any publish: each address answers as a tenant the booth never had.
      for (const path of ['/', '/camera', '/results/some-job', '/nothing-here']) {
        const res = await fetch(`${booth}/${slug}${path}`);
        const body = await res.text();
        expect({ status: res.status, body }, path).toEqual(await unknown(path));
        expect(body, path).not.toContain('Gone Fair');
      }

      await page.getByRole('link', { name: 'Publish', exact: true }).click();
      await expect.poll(() => page.getByTestId('removed').textContent()).toBe(`${slug} (deleted)`);
      expect(
        await page.getByText('Their pages stopped being served when they were deleted.', { exact: false }).count(),
      ).toBe(1);
      expect(
        (await page.getByTestId('changed').count()) === 0 ||
          !(await page.getByTestId('changed').textContent())?.includes(slug),
      ).toBe(true);
    } finally {
      await removeTenant(slug, { published: true });
    }
    expect((await api<{ removed: string[] }>('GET', '/publish')).body.removed).not.toContain(slug);
  });

  it("lists each result on the event page with its time, style and a link, gives the style's figures, and keeps a deleted one counted", async () => {
    const api = await operatorApi();
    const slug = uniqueSlug('event');
    expect((await api('POST', '/tenants', { slug })).status).toBe(201);
    try {
      const { id } = await finishedJob(slug);
      const listed = (
        await api<{ results: { id: string; finishedAt: string; imageUrls: string[] }[] }>(
          'GET',
          `/tenants/${slug}/results`,
        )
      ).body.results;
      expect(listed.map((r) => r.id)).toEqual([id]);
      const page = await newPage();
      await signIn(page, undefined, undefined, `#/tenants/${slug}/event`);
      const item = page.locator('.event-results li');
      await item.locator('img').waitFor();
      expect(await item.locator('time').getAttribute('datetime')).toBe(listed[0]!.finishedAt);
      expect(await item.locator('time').textContent()).toMatch(/\d/);
      expect(await item.locator('.result-style').textContent()).toBe('Comic');
      // The style's own figures of the day: one job, one picture, none failed, no fallback, its turnaround.
      const byStyle = page.getByRole('table', { name: 'By style, today' });
      expect(await byStyle.getByRole('columnheader').allTextContents()).toEqual([
        'Style',
        'Jobs',
        'Pictures',
        'Failed',
        'Made by its fallback',
        'Turnaround p50',
        'Turnaround p95',
      ]);
      const comic = byStyle.getByRole('row', { name: /^Comic/ });
      const figures = await comic.locator('td').allTextContents();
      expect(figures.slice(0, 4)).toEqual(['1', '1', '0', '0']);
      expect(figures[4]).toMatch(/^\d+\.\d s$/);
      const open = item.getByRole('link', { name: /^Open/ });
      expect(await open.getAttribute('target')).toBe('_blank');
      const href = new URL((await open.getAttribute('href'))!, inject('boothUrl')).href;
      expect(href).toBe(new URL(listed[0]!.imageUrls[0]!, inject('boothUrl')).href);
      expect((await fetch(href)).status).toBe(200);

      await item.getByRole('button', { name: /^Delete result/ }).click();
      await page.getByRole('button', { name: 'Yes, delete it' }).click();
      await page.getByText('No results today.').waitFor();
      const today = page.getByRole('row', { name: /^Today/ });
      expect(await today.locator('td').allTextContents()).toEqual(['1', '1', '0', '1']);
      // A deleted job keeps no style: no style's figures count it.
      await page.getByText('No style has been used today.').waitFor({ timeout: patience(5000) });
      expect((await fetch(href)).status).toBe(404);
    } finally {
      await removeTenant(slug);
    }
  });
});
