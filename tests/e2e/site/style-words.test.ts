// The guest's own words in a generative style (contract/style-inputs.ts), in Chromium: the built
// site, served by a booth whose styles file offers a style with a text input and a choice (on the
// OpenAI Images API stand-in). Picking its tile asks for the words in a form (labels, hints, each
// problem under its field, axe clean); a word on Gala Night's refused list comes back with the
// tenant's own sentence under its field; the picture is made from a prompt with the guest's words,
// as the stand-in received it.
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { CREATE_JOB_PATH, EVENT_TEXT, STYLE_WORDS_TEXT, TEXT } from '../../../contract/index.ts';
import type { RunningServer } from '../../support/server-process.ts';
import { startStylesBooth } from '../../support/styles-booth.ts';
import { GALA_SENTENCE, superheroStyle } from '../../support/style-words.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from '../../support/stand-ins/openai.ts';
import { patience } from '../../support/patience.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action, hydrated } from '../support/journey.ts';
import { CATALOGUES, fill } from '../../../contract/i18n/index.ts';
import { fillCounted } from '../../../contract/i18n/plural.ts';
import { englishLeft } from '../support/languages.ts';

const STYLES = { styles: [superheroStyle(16), { id: 'comic', engine: 'local' }] };
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let standIn: OpenAiStandIn;
let booth: RunningServer;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  booth = await startStylesBooth(STYLES, standIn, {
    area: 'e2e-style-words',
    env: {
      BOOTH_SITE_DIR: inject('siteDir'),
    },
  });
});
afterAll(async () => {
  await booth?.stop();
  await standIn?.close();
});

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Consent, the countdown and a photo: the guest on Gala Night's styles screen. */
async function photoOnGalaStyles(page: Page) {
  await page.goto(`${booth.url}/gala/camera`);
  await hydrated(page);
  await page.getByRole('checkbox', { name: EVENT_TEXT.consentAgree }).check();
  await action(page, EVENT_TEXT.continue).click();
  await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
  await action(page, TEXT.takePhoto).click();
  await action(page, TEXT.useImage).click({ timeout: patience(10_000) });
  await page.waitForURL(`${booth.url}/gala/styles`);
  await page.locator('.booth-styles[data-ready]').waitFor();
}

describe("a style that asks for the guest's words", () => {
  const { newPage } = suiteBrowser({ camera: 'grace_hopper' });

  it('asks for them after the tile, refuses a word with the tenant’s sentence, and makes the picture with them', async () => {
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    const creates: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === CREATE_JOB_PATH) creates.push(request.postDataJSON().inputs);
    });
    await photoOnGalaStyles(page);
    // The site was built with the local styles; the styles screen asks the hub for the current list.
    const tile = page.getByRole('button', { name: /Superhero poster/ });
    await tile.click();

    const form = page.getByRole('form', { name: STYLE_WORDS_TEXT.heading.replace('{style}', 'Superhero poster') });
    await form.waitFor();
    // The form in place of the tiles, the spec's heading and Restart kept.
    expect(await tile.isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: TEXT.stylesHeading }).isVisible()).toBe(true);
    const name = page.getByRole('textbox', { name: 'Your hero name' });
    // The form takes the focus at its first field, and says what the field takes.
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await name.getAttribute('maxlength')).toBe('16');
    const hint = 'Up to 16 characters: letters, spaces, apostrophes, hyphens and full stops.';
    expect(await page.getByText(hint).isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);

    // Nothing filled in: each problem under its field, tied to it, and no job.
    await action(page, STYLE_WORDS_TEXT.make).click();
    await page.getByText('Please fill in Your hero name.').waitFor();
    await page.getByText('Choose one for Your superpower.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await name.getAttribute('aria-describedby'))!.split(' ');
    const problemIds = await page
      .locator('.booth-field .booth-field-problem')
      .evaluateAll((els) => els.map((el) => el.id));
    expect(describedBy).toContain(problemIds[0]);
    expect(await page.getByRole('radio', { name: 'flight' }).getAttribute('aria-describedby')).toBe(problemIds[1]);
    expect(await axe(page)).toEqual([]);
    expect(creates).toEqual([]);

    // A word on the tenant's list: the hub refuses it with the tenant's own sentence, under its field.
    await name.fill('Stupid');
    await page.getByRole('radio', { name: 'flight' }).check();
    await action(page, STYLE_WORDS_TEXT.make).click();
    await page.getByText(GALA_SENTENCE).waitFor();
    expect(creates).toEqual([{ name: 'Stupid', power: 'flight' }]);
    expect(await name.getAttribute('aria-describedby')).toContain(
      await page.getByText(GALA_SENTENCE).getAttribute('id'),
    );
    // Read out even when the focus is on the field already: its problem line is a live region.
    expect(await page.getByText(GALA_SENTENCE).getAttribute('aria-live')).toBe('polite');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    // The choice was fine: its problem is gone, and so is its invalid state.
    expect(await page.getByRole('radio', { name: 'flight' }).getAttribute('aria-invalid')).toBe(null);
    expect(await axe(page)).toEqual([]);
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(standIn.received).toEqual([]);

    // Their own words: the picture, made from the prompt with them.
    await name.fill('Captain Ada');
    await action(page, STYLE_WORDS_TEXT.make).click();
    await page.waitForURL(/\/gala\/results\/[\w-]+$/);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(30_000) });
    const prompts = standIn.received.map((edit) => edit.prompt);
    expect(prompts.length).toBeGreaterThan(0);
    expect(new Set(prompts)).toEqual(
      new Set(['A superhero poster of the person, the hero named Captain Ada, with the power of flight']),
    );
    // The caption names the words by their labels: the job keeps none of them.
    expect(await page.locator('figcaption').first().textContent()).toBe(
      'A superhero poster of the person, the hero named (your hero name), with the power of (your superpower)',
    );
  });

  it('goes back to the tiles without a job when the guest changes their mind', async () => {
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    await photoOnGalaStyles(page);
    await page.getByRole('button', { name: /Superhero poster/ }).click();
    await action(page, STYLE_WORDS_TEXT.back).click();
    await page.getByRole('button', { name: /Superhero poster/ }).waitFor();
    expect(await page.locator('.booth-style-words').count()).toBe(0);
  });

  it("asks for them in a French tenant's words, and the hub refuses in French too", async () => {
    const fr = CATALOGUES.fr;
    const page = await newPage({ viewport: { width: 412, height: 823 } });
    await page.goto(`${booth.url}/lumiere/camera`);
    await hydrated(page);
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, fr.spec.takePhoto).click();
    await action(page, fr.spec.useImage).click({ timeout: patience(10_000) });
    await page.waitForURL(`${booth.url}/lumiere/styles`);
    await page.locator('.booth-styles[data-ready]').waitFor();
    // The booth's own style in French; the operator's style as the operator named it.
    await page.getByRole('button', { name: fr.styleNames.comic }).waitFor();
    expect(await page.getByRole('button', { name: CATALOGUES.en.styleNames.comic, exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /Superhero poster/ }).click();

    await page.getByRole('form', { name: fill(fr.styleWords.heading, { style: 'Superhero poster' }) }).waitFor();
    await page.getByText(fillCounted(fr.styleWords.hintLetters, { max: 16 }, 'fr')).waitFor();
    await action(page, fr.styleWords.make).click();
    await page.getByText(fill(fr.styleWords.fillIn, { label: 'Your hero name' })).waitFor();
    await page.getByText(fill(fr.styleWords.chooseOne, { label: 'Your superpower' })).waitFor();
    await page.getByRole('textbox', { name: 'Your hero name' }).fill('R2D2');
    await action(page, fr.styleWords.make).click();
    await page.getByText(fill(fr.styleWords.onlyLetters, { label: 'Your hero name' })).waitFor();
    expect(await englishLeft(page, fr)).toEqual([]);
    expect(await axe(page)).toEqual([]);

    // Words the page would not send: the hub's sentence, in the language the page asks in.
    const refusal = await page.evaluate(async (path) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'fr' },
        body: JSON.stringify({ style_id: 'superhero', image: 'data:image/jpeg;base64,AAAA', inputs: { name: 'R2D2' } }),
      });
      return { status: res.status, body: await res.json() };
    }, CREATE_JOB_PATH);
    expect(refusal.status).toBe(400);
    const sentence = fill(fr.styleWords.onlyLetters, { label: 'Your hero name' });
    expect(refusal.body).toMatchObject({ error: sentence, inputs: { name: sentence } });
    await action(page, fr.styleWords.back).click();
    await page.getByRole('button', { name: /Superhero poster/ }).waitFor();
  });
});
