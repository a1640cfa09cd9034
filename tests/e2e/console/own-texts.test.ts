// A tenant's own texts, as an operator writes them and a guest then reads them, in Chromium
// against the real server and its real build: each text typed beside its default shows at once
// in the console's preview of its screen, a button text too long for its 200 px is told under
// its field and markup is refused, the saved words are not on the booth until Publish, and after
// it the tenant's intro and camera screens say them. axe is clean on the console's page of texts.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright';
import { describe, expect, inject, it } from 'vitest';
import { CATALOGUES } from '../../../contract/i18n/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { operatorApi, publish, removeTenant, signIn, uniqueSlug, publishChanged } from './support.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FR = CATALOGUES.fr;

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

describe("a tenant's own texts", () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('are written in the console beside a live preview, and show on the tenant’s pages after publish', async () => {
    const api = await operatorApi();
    const slug = uniqueSlug('own-texts');
    expect((await api('POST', '/tenants', { slug, client: 'Les Mots', language: 'fr' })).status).toBe(201);
    try {
      expect((await publish([slug])).status).toBe('succeeded');
      const guest = await newPage();
      await guest.goto(`${boothUrl}/${slug}/`);
      await guest.getByRole('link', { name: FR.spec.start, exact: true }).waitFor();

      const page = await newPage();
      await signIn(page, undefined, undefined, `#/tenants/${slug}`);
      await page.getByRole('link', { name: 'Own texts, screen by screen' }).click();
      await page.getByRole('heading', { name: `Own texts of Les Mots (${slug})` }).waitFor();
      const preview = page.getByTestId('screen-preview');
      expect(await preview.getAttribute('lang')).toBe('fr');

      // The intro: the Start button, its default beside it, the preview following the typing.
      const start = page.getByLabel('Start (button)', { exact: true });
      expect(await page.locator(`#${await start.getAttribute('id')}-hint`).textContent()).toBe(
        `Default: ${FR.spec.start}`,
      );
      expect(await preview.locator('[data-text="spec.start"]').textContent()).toBe(FR.spec.start);
      await start.fill('On y va !');
      await expect.poll(() => preview.locator('[data-text="spec.start"]').textContent()).toBe('On y va !');

      // The camera: a button text too long for its button is told, markup is refused.
      await page.getByLabel('Screen', { exact: true }).selectOption('camera');
      await page.getByRole('group', { name: 'Texts of the camera screen' }).waitFor();
      const take = page.getByLabel('Take Photo (button)', { exact: true });
      const takeId = await take.getAttribute('id');
      await take.fill('Souriez bien fort et prenez la plus belle photo de toute votre vie');
      await expect
        .poll(() => page.locator(`#${takeId}-warnings`).textContent())
        .toBe(
          'Own texts: Français (fr), “Take Photo” on the camera screen would not fit its button on a 320 px wide screen: it takes 4 lines of 174 px, and a button has room for 2.',
        );
      const heading = page.getByLabel('Take a photo', { exact: true });
      await heading.fill('<b>Photo</b>');
      await page.locator(`#${await heading.getAttribute('id')}-problems`).waitFor();
      expect(await heading.getAttribute('aria-invalid')).toBe('true');
      await axeClean(page);
      await page.getByRole('button', { name: 'Save the texts' }).click();
      await page.getByRole('alert').filter({ hasText: 'Some texts need fixing' }).waitFor();

      // A counted text: its default as words with the count's place, and the words each number takes.
      await page.getByLabel('Screen', { exact: true }).selectOption('styles');
      await page.getByRole('group', { name: 'Texts of the styles screen' }).waitFor();
      const limit = page.getByLabel(CATALOGUES.en.styleWords.hintLetters, { exact: true });
      const counted = FR.styleWords.hintLetters.replace(/\{max, plural.*\}\}/, '{max} caractères');
      expect(await page.locator(`#${await limit.getAttribute('id')}-hint`).textContent()).toBe(
        `Default: ${counted} The words beside {max} change with the number: 1 caractère, 2 caractères.`,
      );
      expect(await preview.locator('[data-text="styleWords.hintLetters"]').textContent()).toBe(counted);
      await page.getByLabel('Screen', { exact: true }).selectOption('camera');
      await page.getByRole('group', { name: 'Texts of the camera screen' }).waitFor();

      await heading.fill('');
      await take.fill('Clic !');
      await expect.poll(() => page.locator(`#${takeId}-warnings`).count()).toBe(0);
      expect(await preview.locator('[data-text="spec.takePhoto"]').textContent()).toBe('Clic !');
      await page.getByRole('button', { name: 'Save the texts' }).click();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toBe(`Own texts of ${slug} saved. Publish to put them on the booth.`);
      expect(((await api('GET', `/tenants/${slug}`)).body.branding as Record<string, unknown>).textOverrides).toEqual({
        fr: { 'spec.start': 'On y va !', 'spec.takePhoto': 'Clic !' },
      });

      // Saved, not published: the guest still reads the catalogue's words.
      await guest.reload();
      await guest.getByRole('link', { name: FR.spec.start, exact: true }).waitFor();

      await publishChanged(page, slug);

      await guest.goto(`${boothUrl}/${slug}/`);
      await guest.getByRole('link', { name: 'On y va !', exact: true }).click();
      await guest.getByRole('heading', { name: FR.spec.cameraHeading }).waitFor({ timeout: patience(10_000) });
      await guest.getByRole('button', { name: 'Clic !', exact: true }).waitFor({ timeout: patience(10_000) });
      expect(await guest.getByRole('button', { name: FR.spec.takePhoto, exact: true }).count()).toBe(0);
    } finally {
      await removeTenant(slug, { published: true });
    }
  });
});
