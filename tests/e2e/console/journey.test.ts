// The operator's journey, in Debian's Chromium against the real server and the e2e build it
// serves: sign in to the console, create a tenant with an uploaded logo, colours and three
// styles, publish it from the console (a real one-tenant publish into the served site), open
// its booth in another page and take a photo with the fake camera (a real photo), then find
// that job on the tenant's event page, delete its result there, and see its addresses answer 404.
// Only a new tenant is published, and it is removed again after: the other test files share
// this build.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TEXT } from '../../../contract/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action, hydrated, visit } from '../support/journey.ts';
import { SERVICE, removeTenant, signIn, uniqueSlug } from './support.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');
const fixture = (name: string) => join(import.meta.dirname, '..', '..', 'fixtures', name);
const CLIENT = 'Harbour Lights Gala';
/** Three of the engine's styles, in the order the tenant offers them; the first is the one taken. */
const CHOSEN = ['Comic', 'Die-cut sticker', 'Neon glow'];

describe("the operator's journey", () => {
  const { newPage } = suiteBrowser({ camera: 'astronaut' });
  const slug = uniqueSlug('harbour');
  let created = false;

  // The tenant and its pages go again, so the shared build is as the other files expect it.
  afterAll(async () => {
    if (!created) return;
    await removeTenant(slug, { published: true });
    // A slug with no page set shows the default tenant's screens.
    expect(await (await fetch(`${boothUrl}/${slug}/`)).text()).not.toContain(CLIENT);
  });

  it('creates, brands and publishes a tenant, takes a photo in its booth, and deletes the result from its event page', async () => {
    const operator = await newPage();
    const errors: string[] = [];
    operator.on('pageerror', (e) => errors.push(e.message));

    // Sign in through the console's own form, then create the tenant.
    await signIn(operator, SERVICE.username, SERVICE.password, '#/new');
    await operator.getByLabel('Slug').fill(slug);
    await operator.getByLabel('Client name').fill(CLIENT);
    await operator.getByRole('button', { name: 'Create tenant' }).click();
    await expect
      .poll(() => operator.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Tenant ${CLIENT} (${slug})`);
    created = true;

    // A logo uploaded (a real photo), colours, and three styles.
    await operator.getByLabel('Upload a logo').setInputFiles(fixture('coffee.jpg'));
    await operator.getByRole('button', { name: 'Upload logo' }).click();
    await expect
      .poll(() => operator.getByLabel('Logo', { exact: true }).inputValue())
      .toMatch(new RegExp(`^${slug}/logo-[\\w-]+\\.png$`));
    await operator.getByLabel('Background colour', { exact: true }).fill('#0b3d5c');
    await operator.getByLabel('Text colour', { exact: true }).fill('#ffffff');
    await operator.getByLabel('Accent colour', { exact: true }).fill('#ffb000');
    for (const name of CHOSEN) await operator.getByRole('button', { name: `Add ${name}`, exact: true }).click();
    await expect
      .poll(() => operator.getByTestId('chosen-styles').locator('.style-name').allTextContents())
      .toEqual(CHOSEN);
    await operator.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => operator.getByRole('status').textContent()).toContain(`Tenant ${slug} saved.`);

    // Not served before it is published: a slug with no page set shows the default tenant's screens.
    expect(await (await fetch(`${boothUrl}/${slug}/`)).text()).not.toContain(CLIENT);

    // Publish from the console: only the new tenant has changed, and the run is followed to its end.
    await operator.getByRole('link', { name: 'Publish', exact: true }).click();
    await operator.getByRole('heading', { name: 'Publish', exact: true }).waitFor();
    await expect.poll(() => operator.getByTestId('changed').locator('li').allTextContents()).toEqual([slug]);
    await operator.getByRole('button', { name: 'Publish the changed tenants' }).click();
    // This run's report (an earlier run's may be shown until it starts), followed to its end.
    await operator.getByText(`Tenants: ${slug}.`, { exact: false }).waitFor();
    const report = operator.getByRole('heading', { name: /^The last publish: (Published|Failed)$/ });
    await report.waitFor({ timeout: patience(60_000) });
    expect(await report.textContent()).toBe('The last publish: Published');
    const progress = operator.locator('#run-progress');
    const max = Number(await progress.getAttribute('max'));
    expect(max).toBeGreaterThan(1);
    expect(Number(await progress.evaluate((el: HTMLProgressElement) => el.value))).toBe(max);
    // The console is the server's, never part of the site: the build wrote no admin folder.
    expect(existsSync(join(inject('siteDir'), 'admin'))).toBe(false);
    expect(existsSync(join(inject('siteDir'), slug, 'index.html'))).toBe(true);
    await expect.poll(() => operator.getByText('No tenant has changed.').count()).toBe(1);

    // The booth serves the new tenant's pages at once: its name, and its three styles only.
    const booth = await newPage();
    await visit(booth, `${boothUrl}/${slug}/`);
    expect(await booth.title()).toContain(CLIENT);
    const logo = booth.getByRole('img', { name: CLIENT, exact: true });
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: patience(15_000),
      })
      .toBeGreaterThan(0);
    await action(booth, TEXT.start).click();
    await booth.waitForURL(`${boothUrl}/${slug}/camera`);
    await booth.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(booth, TEXT.takePhoto).click();
    await action(booth, TEXT.useImage).click();
    await booth.waitForURL(`${boothUrl}/${slug}/styles`);
    await booth.getByRole('heading', { name: TEXT.stylesHeading }).waitFor();
    await hydrated(booth);
    const styles = (await (await operator.request.get(`${boothUrl}/admin/api/styles`)).json()) as {
      description: string;
    }[];
    const offered = [];
    for (const style of styles) {
      if (await booth.getByRole('button', { name: new RegExp(style.description) }).count())
        offered.push(style.description);
    }
    expect(offered.sort()).toEqual([...CHOSEN].sort());
    await booth.getByRole('button', { name: new RegExp(CHOSEN[0]!) }).click();
    await booth.waitForURL(new RegExp(`/${slug}/results/[^/]+$`), { timeout: patience(30_000) });
    const jobId = decodeURIComponent(new URL(booth.url()).pathname.split('/').at(-1)!);
    await booth.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(30_000) });
    const result = booth.locator('figure img').first();
    await expect
      .poll(() => result.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: patience(15_000),
      })
      .toBeGreaterThan(0);
    const imageUrl = await result.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect((await fetch(imageUrl)).status).toBe(200);

    // The console's event page: the job counted, its preview in the gallery.
    await operator.goto(`${boothUrl}/admin/#/tenants/${slug}/event`);
    await operator.getByRole('heading', { name: `The event at a glance: ${slug}` }).waitFor();
    const row = (name: string) =>
      operator
        .getByRole('row', { name: new RegExp(`^${name}`) })
        .locator('td')
        .allTextContents();
    await expect.poll(() => row('Today')).toEqual(['1', '1', '0', '0']);
    expect(await row('Last hour')).toEqual(['1', '1', '0', '0']);
    await operator.getByRole('heading', { name: "Today's results (1)" }).waitFor();
    const del = operator.getByRole('button', { name: `Delete result ${jobId.slice(0, 8)}` });
    const preview = operator.locator('.gallery li').filter({ has: del }).locator('img');
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await preview.getAttribute('alt')).toMatch(new RegExp(`^Result in the style ${CHOSEN[0]}`));

    // Deleted in the console: gone from the gallery, and its addresses answer 404.
    await del.click();
    await operator.getByRole('button', { name: 'Yes, delete it' }).click();
    await operator.getByText('No results today.').waitFor();
    expect((await fetch(imageUrl)).status).toBe(404);
    expect((await fetch(`${boothUrl}/transformations/jobs/${jobId}/`)).status).toBe(404);
    await expect.poll(() => row('Today')).toEqual(['1', '1', '0', '1']);
    expect(errors).toEqual([]);
  });
});
