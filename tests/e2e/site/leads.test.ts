// Opt-in leads in Chromium against the real embedded server and the real built site: a guest of a
// tenant that asks before the camera fills the form (errors at their fields, then Continue opens
// the camera, Skip too); a guest of Gala Night leaves their details with "Email me my picture".
// What they typed reaches the tenant's CSV as text, and axe passes on every state of the forms.
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { EMAIL_TEXT, LEAD_TEXT, TEXT } from '../../../contract/index.ts';
import { signIn } from '../../integration/server/support/console.ts';
import { patience } from '../../support/patience.ts';
import { suiteBrowser } from '../support/browser.ts';
import { finishedJob, mailsTo } from '../support/mail.ts';
import { action, hydrated } from '../support/journey.ts';
import { LEAD_TENANT, tenant } from '../support/site-data.ts';

const boothUrl = inject('boothUrl');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function leadsCsv(slug: string): Promise<string> {
  const cookie = await signIn(boothUrl);
  const res = await fetch(`${boothUrl}/admin/api/tenants/${slug}/leads.csv`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('opt-in leads', () => {
  const { newPage } = suiteBrowser();

  it('asks before the camera: errors at their fields, then Continue keeps the lead and opens the camera', async () => {
    const slug = LEAD_TENANT.slug;
    expect(tenant(slug).leadPlace).toBe('camera');
    const page = await newPage();
    await page.goto(`${boothUrl}/${slug}/camera`);
    await hydrated(page);
    const form = page.getByRole('form', { name: LEAD_TEXT.heading });
    await form.waitFor();
    // The tenant's own wording and privacy link; the camera is not on yet.
    await form.getByRole('checkbox', { name: LEAD_TENANT.leadConsentText }).waitFor();
    expect(await form.getByRole('link', { name: /Privacy policy/ }).getAttribute('href')).toBe(
      LEAD_TENANT.leadPrivacyUrl,
    );
    expect(await page.getByRole('button', { name: TEXT.takePhoto }).count()).toBe(0);
    expect(await axe(page)).toEqual([]);

    // Nothing filled in: the sentence at the first field, the field marked.
    await action(page, LEAD_TEXT.continue).click();
    const name = form.getByLabel(LEAD_TEXT.name);
    await form.getByRole('alert').filter({ hasText: LEAD_TEXT.nothingGiven }).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(await axe(page)).toEqual([]);

    // A bad address is refused at its own field.
    const email = form.getByLabel(LEAD_TEXT.email);
    await email.fill('ada@example.com, eve@example.org');
    await action(page, LEAD_TEXT.continue).click();
    await form.getByRole('alert').filter({ hasText: EMAIL_TEXT.addressInvalid }).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');

    const address = `lead-${Date.now().toString(36)}@example.com`;
    await name.fill('<b>Ada</b> Lovelace');
    await email.fill(address);
    await form.getByLabel(LEAD_TEXT.company).fill('=Engines');
    await form.getByRole('checkbox', { name: LEAD_TENANT.leadConsentText }).check();
    await action(page, LEAD_TEXT.continue).click();
    await page.getByRole('button', { name: TEXT.takePhoto }).waitFor({ timeout: patience(10_000) });
    expect(await page.getByRole('form', { name: LEAD_TEXT.heading }).count()).toBe(0);

    // Kept as the guest typed it, as text, the formula made inert.
    const csv = await leadsCsv(slug);
    expect(csv).toContain(`"<b>Ada</b> Lovelace","${address}","'=Engines","yes"`);
  });

  it('goes on to the camera with Skip, keeping nothing', async () => {
    const before = await leadsCsv(LEAD_TENANT.slug);
    const page = await newPage();
    await page.goto(`${boothUrl}/${LEAD_TENANT.slug}/camera`);
    await hydrated(page);
    await page.getByRole('form', { name: LEAD_TEXT.heading }).getByLabel(LEAD_TEXT.name).fill('Skipper');
    await action(page, LEAD_TEXT.skip).click();
    await page.getByRole('button', { name: TEXT.takePhoto }).waitFor({ timeout: patience(10_000) });
    expect(await leadsCsv(LEAD_TENANT.slug)).toBe(before);
  });

  it("takes Gala Night's lead with the email, kept only with the guest's tick", async () => {
    const gala = tenant('gala');
    expect(gala.leadPlace).toBe('email');
    const { id } = await finishedJob('gala');
    const page = await newPage();
    await page.goto(`${boothUrl}/gala/results/${id}`);
    await hydrated(page);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    const form = page.getByRole('region', { name: EMAIL_TEXT.emailMe });
    const consent = form.getByRole('checkbox', { name: gala.leadConsentText });
    await consent.waitFor();
    expect(await form.getByLabel(LEAD_TEXT.email).count()).toBe(1); // the address field only, not twice
    expect(await axe(page)).toEqual([]);

    const address = `gala-lead-${id.slice(0, 6).toLowerCase()}@example.com`;
    await form.getByLabel(EMAIL_TEXT.addressLabel).fill(address);
    await form.getByLabel(LEAD_TEXT.name).fill('Grace Hopper');
    await form.getByLabel(LEAD_TEXT.company).fill('Navy');
    await consent.check();
    await action(page, EMAIL_TEXT.send).click();
    await form.getByRole('status').filter({ hasText: EMAIL_TEXT.queued }).waitFor();
    expect(await axe(page)).toEqual([]);
    await expect.poll(() => mailsTo(address).length, { timeout: patience(10_000) }).toBe(1);
    expect(await leadsCsv('gala')).toContain(`"Grace Hopper","${address}","Navy","yes"`);

    // Another guest sends the picture without the tick: their address is not kept as a lead.
    const other = `gala-once-${id.slice(0, 6).toLowerCase()}@example.com`;
    const second = await newPage();
    await second.goto(`${boothUrl}/gala/results/${id}`);
    await hydrated(second);
    const form2 = second.getByRole('region', { name: EMAIL_TEXT.emailMe });
    await form2.getByLabel(EMAIL_TEXT.addressLabel).fill(other);
    await form2.getByLabel(LEAD_TEXT.name).fill('Not Kept');
    await action(second, EMAIL_TEXT.send).click();
    await form2.getByRole('status').filter({ hasText: EMAIL_TEXT.queued }).waitFor();
    await expect.poll(() => mailsTo(other).length, { timeout: patience(10_000) }).toBe(1);
    const csv = await leadsCsv('gala');
    expect(csv).not.toContain(other);
    expect(csv).not.toContain('Not Kept');
  });
});
