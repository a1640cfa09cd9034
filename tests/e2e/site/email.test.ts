// "Email me my picture" on Gala Night's results screen (the run's booth sends through a real SMTP
// server, tests/e2e/support/global-setup.ts): a guest types an address, the message arrives with
// the picture. In Chromium against the real embedded server and the real built site, and axe on
// each state of the form.
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { EMAIL_TEXT, TEXT } from '../../../contract/index.ts';
import { patience } from '../../support/patience.ts';
import { parseMail } from '../../support/smtp.ts';
import { suiteBrowser } from '../support/browser.ts';
import { finishedJob, mailsTo } from '../support/mail.ts';
import { action, hydrated } from '../support/journey.ts';
import { tenant } from '../support/site-data.ts';

const boothUrl = inject('boothUrl');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('Email me my picture', () => {
  const { newPage } = suiteBrowser();

  it('sends the picture to the address a guest types on the results screen', async () => {
    expect(tenant('gala').email).toBe(true);
    const { id, image } = await finishedJob('gala');
    const page = await newPage();
    await page.goto(`${boothUrl}/gala/results/${id}`);
    await hydrated(page);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    const form = page.getByRole('region', { name: EMAIL_TEXT.emailMe });
    const field = form.getByLabel(EMAIL_TEXT.addressLabel);
    expect(await field.getAttribute('autocomplete')).toBe('email');
    expect(await field.getAttribute('type')).toBe('email');

    // Sent empty: the sentence, at the field, and the field marked.
    await action(page, EMAIL_TEXT.send).click();
    await form.getByRole('alert').filter({ hasText: EMAIL_TEXT.addressMissing }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await axe(page)).toEqual([]);

    const address = `guest-${id.slice(0, 6).toLowerCase()}@example.com`;
    await field.fill(address);
    await action(page, EMAIL_TEXT.send).click();
    await form.getByRole('status').filter({ hasText: EMAIL_TEXT.queued }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    expect(await axe(page)).toEqual([]);

    await expect.poll(() => mailsTo(address).length, { timeout: patience(10_000) }).toBe(1);
    const mail = await parseMail(mailsTo(address)[0]!);
    expect(mail.subject).toBe(`Your picture from ${tenant('gala').client}`);
    const picture = Buffer.from(await (await fetch(image)).arrayBuffer());
    const attached = mail.attachments.find((a) => /^ai_me\.(png|jpg|webp)$/.test(a.filename ?? ''));
    expect(Buffer.from(attached!.content as ArrayBuffer).equals(picture)).toBe(true);
  });

  it('refuses two addresses at the field, and offers nothing on a tenant without email', async () => {
    const { id } = await finishedJob('gala');
    const page = await newPage();
    await page.goto(`${boothUrl}/gala/results/${id}`);
    await hydrated(page);
    const form = page.getByRole('region', { name: EMAIL_TEXT.emailMe });
    await form.getByLabel(EMAIL_TEXT.addressLabel).fill('guest@example.com, other@example.org');
    await action(page, EMAIL_TEXT.send).click();
    await form.getByRole('alert').filter({ hasText: EMAIL_TEXT.addressInvalid }).waitFor();

    const aurora = await finishedJob('aurora');
    await page.goto(`${boothUrl}/aurora/results/${aurora.id}`);
    await hydrated(page);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor();
    expect(await page.getByRole('heading', { name: EMAIL_TEXT.emailMe }).count()).toBe(0);
  });
});
