// The event page's figures and a tenant's leads in the operator console, in Chromium against the
// real server: an operator sees the wall, email and lead figures, downloads the CSV through the
// page's own link (formula cells inert), and deletes one guest's address; axe passes on the page.
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import { LEADS_CONSOLE_TEXT as T, leadPath } from '../../../contract/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { SERVICE, signIn } from './support.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

describe('leads in the console', () => {
  const { newPage } = suiteBrowser();

  it('shows the figures, exports the leads as CSV and deletes one address', async () => {
    const boothUrl = inject('boothUrl');
    const tag = Date.now().toString(36);
    const guest = `console-${tag}@example.com`;
    for (const lead of [
      { name: `=cmd|' /C calc'!A0 ${tag}`, email: guest, company: '-Co', consent: true },
      { name: `Keeper ${tag}`, email: `keeper-${tag}@example.com`, consent: false },
    ]) {
      const res = await fetch(boothUrl + leadPath('gala'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(lead),
      });
      expect(res.status, await res.text()).toBe(201);
    }

    const page = await newPage({ acceptDownloads: true });
    await signIn(page, SERVICE.username, SERVICE.password, '#/tenants/gala/event');
    await page.getByRole('heading', { name: T.figuresHeading }).waitFor();
    const figure = (name: string) =>
      page
        .getByRole('row', { name: new RegExp(`^${name}`) })
        .locator('td')
        .textContent();
    await expect.poll(() => figure(T.leads)).toMatch(/^\d+$/);
    const leads = Number(await figure(T.leads));
    expect(leads).toBeGreaterThanOrEqual(2);
    expect(await figure(T.shown)).toMatch(/^\d+$/);
    expect(await figure(T.waiting)).toMatch(/^\d+$/);
    expect(await figure(T.sent)).toMatch(/^\d+$/);
    expect(await figure(T.failed)).toMatch(/^\d+$/);
    const violations = (await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()).violations;
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: T.download }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('gala-leads.csv');
    const csv = await new Response((await download.createReadStream()) as unknown as ReadableStream).text();
    expect(csv.split('\r\n')[0]).toBe('"given_at","name","email","company","marketing_consent"');
    expect(csv).toContain(`"'=cmd|' /C calc'!A0 ${tag}","${guest}","'-Co","yes"`);
    expect(csv).toContain(`"Keeper ${tag}","keeper-${tag}@example.com","","no"`);

    // A bad address is told at the field; a good one is deleted and the figure follows.
    const field = page.getByLabel(T.forgetLabel);
    await field.fill('not an address');
    await page.getByRole('button', { name: T.forget }).click();
    await page.getByRole('alert').filter({ hasText: 'Enter one email address, like name@example.com.' }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill(guest);
    await page.getByRole('button', { name: T.forget }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain(T.forgot(1));
    await expect.poll(() => figure(T.leads)).toBe(String(leads - 1));
  });
});
