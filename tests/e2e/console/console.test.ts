// The operator console in Chromium against the real server: sign in with the service account,
// create a tenant with an uploaded logo and colours, watch the live preview, a bad colour's
// problem, three styles in an order saved, markup in a name shown as text, a tenant account
// that sees its tenant only, and sign-out.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DEFAULT_BRANDING } from '../../../contract/branding.ts';
import { suiteBrowser } from '../support/browser.ts';
import { dataUrl, fixture as photo, postJob, waitForJob } from '../../integration/server/support/client.ts';
import { SERVICE, consoleUrl, finishedJob, operatorApi, removeTenant, signIn, uniqueSlug } from './support.ts';
import { patience } from '../../support/patience.ts';

const fixture = (name: string) => join(import.meta.dirname, '..', '..', 'fixtures', name);
const MARKUP = '<img src=x onerror="window.__consoleXss=1">';

describe('the operator console', () => {
  const { newPage } = suiteBrowser({ camera: 'none' });

  it('is one page with a strict policy, never stored, and hashed files cached for good', async () => {
    const page = await fetch(consoleUrl());
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    const script = /src="(\/admin\/assets\/console-[\w-]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${inject('boothUrl')}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${inject('boothUrl')}/admin/assets/console-nothing.js`)).status).toBe(404);
  });

  it('signs in, creates a tenant with a logo, colours and three styles, and shows markup as text', async () => {
    const page = await newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Tenants');

    // The slug rule is told before anything is sent.
    await page.getByRole('link', { name: 'Create a tenant' }).click();
    await page.getByRole('heading', { name: 'Create a tenant' }).waitFor();
    const slugInput = page.getByLabel('Slug');
    await slugInput.fill('Admin');
    await expect
      .poll(() => page.locator('#slug-problems').textContent())
      .toContain('may only hold lowercase letters, digits and hyphens');
    await slugInput.fill('admin');
    await expect.poll(() => page.locator('#slug-problems').textContent()).toContain('reserved');
    expect(await slugInput.getAttribute('aria-describedby')).toContain('slug-problems');

    const slug = uniqueSlug('console');
    await slugInput.fill(slug);
    await page.getByLabel('Client name').fill(MARKUP);
    await page.getByRole('button', { name: 'Create tenant' }).click();
    const heading = page.getByRole('heading', { level: 1 });
    // The markup is text: the heading shows it once the tenant is loaded, and no element was made of it.
    await expect.poll(() => heading.textContent()).toBe(`Tenant ${MARKUP} (${slug})`);
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    // Every branding field the contract has (event-kit fields included) has its control here.
    // sceneUrl is no control of its own: it is the first of the backdrops' list (#f-sceneUrls).
    for (const key of Object.keys(DEFAULT_BRANDING).filter((k) => k !== 'slug' && k !== 'sceneUrl')) {
      expect(await page.locator(`#f-${key}`).count(), key).toBe(1);
    }

    // The intro's title and text with markup: the preview shows it as text, and makes nothing of it.
    await page.getByLabel('Intro title').fill(`<b>Bold</b> ${MARKUP}`);
    await page.getByLabel('Intro text').fill(`<script>window.__consoleXss=2</script>\n${MARKUP}`);
    await expect
      .poll(() => page.getByTestId('intro-preview').locator('p').allTextContents())
      .toEqual([`<b>Bold</b> ${MARKUP}`, '<script>window.__consoleXss=2</script>', MARKUP]);
    expect(await page.getByTestId('intro-preview').locator('b, script, img[src="x"]').count()).toBe(0);

    // A refused upload: the server's sentence under the field.
    await page.getByLabel('Upload a logo').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await expect.poll(() => page.locator('#upload-logo-problems').textContent()).toMatch(/SVG/);

    // The logo: a real photo, uploaded, named in the field and drawn in the preview.
    await page.getByLabel('Upload a logo').setInputFiles(fixture('rocket.jpg'));
    await page.getByRole('button', { name: 'Upload logo' }).click();
    await expect
      .poll(() => page.getByLabel('Logo', { exact: true }).inputValue())
      .toMatch(new RegExp(`^${slug}/logo-[\\w-]+\\.png$`));
    const logo = page.getByTestId('intro-preview').locator('img');
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // Colours: the preview follows as they are typed.
    const preview = page.getByTestId('intro-preview');
    await page.getByLabel('Background colour', { exact: true }).fill('#003366');
    await page.getByLabel('Text colour', { exact: true }).fill('white');
    await expect.poll(() => preview.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 51, 102)');
    expect(await preview.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');

    // A bad colour: the field's problem, from the build's rule, tied to the field; the save is refused.
    const accent = page.getByLabel('Accent colour', { exact: true });
    await accent.fill('not-a-colour');
    await expect
      .poll(() => page.locator('#f-accentColor-problems').textContent())
      .toBe('Accent colour is not a CSS colour.');
    expect(await accent.getAttribute('aria-invalid')).toBe('true');
    expect(await accent.getAttribute('aria-describedby')).toContain('f-accentColor-problems');
    // Low contrast is a warning next to the text colour.
    await page.getByLabel('Text colour', { exact: true }).fill('#224466');
    await expect.poll(() => page.locator('#f-textColor-warnings').textContent()).toContain('under the 4.5:1');
    await page.getByLabel('Text colour', { exact: true }).fill('#ffffff');
    await page.getByRole('button', { name: 'Save' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Accent colour is not a CSS colour.' });
    await summary.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('summary'))).toBe(true);
    await accent.fill('#ffcc00');

    // Three styles, then the third moved to the top by keyboard.
    const styles = (await (await page.request.get(`${inject('boothUrl')}/admin/api/styles`)).json()) as {
      id: string;
      description: string;
    }[];
    const [a, b, c] = styles;
    for (const style of [a!, b!, c!])
      await page.getByRole('button', { name: `Add ${style.description}`, exact: true }).click();
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: `Move ${c!.description} up`, exact: true }).focus();
      await page.keyboard.press('Enter');
    }
    // The focus stays on the button, at the top too.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Move ${c!.description} up`,
    );
    await expect
      .poll(() => page.getByTestId('chosen-styles').locator('.style-name').allTextContents())
      .toEqual([c!.description, a!.description, b!.description]);
    // Results read the right way round unless the tenant asks for them mirrored like the preview.
    const mirror = page.getByRole('checkbox', { name: 'Mirror results like the preview' });
    expect(await mirror.isChecked()).toBe(false);
    await mirror.check();
    // The studio portrait's background: the guest's own, blurred, unless the tenant picks its gradient.
    const studio = page.getByLabel('Studio portrait background');
    expect(await studio.inputValue()).toBe('blur');
    await studio.selectOption('gradient');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain(`Tenant ${slug} saved.`);

    const saved = await (await page.request.get(`${inject('boothUrl')}/admin/api/tenants/${slug}`)).json();
    expect(saved.branding).toMatchObject({
      client: MARKUP,
      viewFinderTitle: `<b>Bold</b> ${MARKUP}`,
      backgroundColor: '#003366',
      textColor: '#ffffff',
      accentColor: '#ffcc00',
      mirrorResult: true,
      studioBackdrop: 'gradient',
      styles: [c!.id, a!.id, b!.id],
    });
    expect(saved.branding.logoUrl).toMatch(new RegExp(`^${slug}/logo-`));

    // In the list, the name is text too.
    await page.getByRole('link', { name: 'Tenants', exact: true }).click();
    await expect.poll(() => page.getByRole('link', { name: MARKUP, exact: true }).count()).toBe(1);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __consoleXss?: number }).__consoleXss)).toBeUndefined();
    expect(errors).toEqual([]);
    // Left tidy for the other tests on this server.
    expect((await page.request.delete(`${inject('boothUrl')}/admin/api/tenants/${slug}`)).status()).toBe(204);
  });

  it('a tenant account sees its own tenant only, and signing out ends the session', async () => {
    const operator = await newPage();
    await signIn(operator, SERVICE.username, SERVICE.password, '#/new');
    const slug = uniqueSlug('own');
    await operator.getByLabel('Slug').fill(slug);
    await operator.getByRole('button', { name: 'Create tenant' }).click();
    await operator.getByRole('heading', { name: new RegExp(slug) }).waitFor();
    await operator.getByRole('link', { name: 'Accounts' }).click();
    await operator.getByRole('heading', { name: 'Accounts' }).waitFor();
    const username = `${slug}-staff`;
    await operator.getByLabel('User name').fill(username);
    await operator.getByLabel('Password').fill('a long enough password');
    await operator.getByLabel('Role').selectOption('tenant');
    await operator.getByLabel('Tenant', { exact: true }).selectOption(slug);
    await operator.getByRole('button', { name: 'Add account' }).click();
    await operator.getByRole('cell', { name: username, exact: true }).waitFor();

    const page = await newPage();
    await signIn(page, username, 'a long enough password');
    await page.getByRole('heading', { name: 'Tenants' }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody').textContent()).toContain(`/${slug}/`);
    expect(await page.getByRole('link', { name: 'Accounts' }).count()).toBe(0);
    // Another tenant's page: the server's refusal, shown.
    await page.goto(`${consoleUrl()}#/tenants/gala`);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(`manages the tenant "${slug}" only`);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect((await page.request.get(`${inject('boothUrl')}/admin/api/session`)).status()).toBe(401);

    // The operator deletes the tenant, asked once more; its account goes with it.
    await operator.goto(`${consoleUrl()}#/tenants/${slug}`);
    await operator.getByRole('button', { name: 'Delete tenant' }).click();
    await expect
      .poll(() => operator.evaluate(() => document.activeElement?.textContent))
      .toContain('This cannot be undone.');
    await operator.getByRole('button', { name: `Yes, delete ${slug}` }).click();
    await operator.getByRole('heading', { name: 'Tenants' }).waitFor();
    expect((await operator.request.get(`${inject('boothUrl')}/admin/api/tenants/${slug}`)).status()).toBe(404);
    expect(await operator.getByRole('link', { name: slug }).count()).toBe(0);
  });

  it('shows a real job of a tenant in its gallery, deletes its result, and its address is gone', async () => {
    const booth = inject('boothUrl');
    const created = await postJob(booth, {
      style_id: 'comic',
      image: dataUrl(photo('grace_hopper.jpg')),
      tenant: 'meadow',
    });
    const { id } = (await created.json()) as { id: string };
    expect(created.status).toBe(201);
    const job = await waitForJob(booth, id);
    expect(job.result.status).toBe('COMPLETED');
    const image = job.images[0]!;
    expect((await fetch(image)).status).toBe(200);

    const page = await newPage();
    await signIn(page, SERVICE.username, SERVICE.password, '#/tenants/meadow/event');
    await page.getByRole('heading', { name: "Today's results", exact: false }).waitFor();
    const del = page.getByRole('button', { name: `Delete result ${id.slice(0, 8)}` });
    const preview = page.locator('.gallery li').filter({ has: del }).locator('img');
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await del.click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect.poll(() => del.count()).toBe(0);
    expect((await fetch(image)).status).toBe(404);
    expect((await fetch(`${booth}/transformations/jobs/${id}/`)).status).toBe(404);
  });

  it('refuses a form posted from another site to a signed-in operator, as the page would send it', async () => {
    const page = await newPage();
    await signIn(page);
    const slug = uniqueSlug('forged');
    const target = `${inject('boothUrl')}/admin/api/tenants`;
    // The other site's page (served by a route: no such site exists here) posts a form at once;
    // text/plain makes its body read as JSON, the classic forged JSON call.
    await page.route('http://other-site.test/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Win a prize</title><form method="post" action="${target}" enctype="text/plain"><input name='{"slug":"${slug}","x":"' value='"}'></form><script>document.forms[0].submit()</script>`,
      }),
    );
    const answer = page.waitForResponse((res) => res.url() === target && res.request().method() === 'POST');
    await page.goto('http://other-site.test/');
    const res = await answer;
    // The browser marks it as another site's (and SameSite=Strict keeps the cookie off it): refused.
    expect(res.status()).toBe(403);
    expect((await res.json()).error).toMatch(/came from another site/);
    expect(await page.getByText('came from another site').count()).toBe(1);
    expect((await page.request.get(`${target}/${slug}`)).status()).toBe(404);
  });

  it('tells a wrong password in the form', async () => {
    const page = await newPage();
    await page.goto(consoleUrl());
    await page.getByLabel('User name').fill('nobody-here');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Unable to sign in with that user name and password.');
    expect(await page.getByLabel('Password').getAttribute('aria-describedby')).toBe('sign-in-error');

    // A throttled sign-in, stood in for: the failures it takes would hold this machine's address
    // for the whole window, and every other test file on this server signs in from it.
    await page.route('**/admin/api/session', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 429, headers: { 'Retry-After': '42' }, json: { error: 'Too many failed sign-ins.' } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Too many failed sign-ins. Wait 42 s.');
  });

  it("publishes a tenant with long polling, lists the build's problems, and offers its bundle", async () => {
    // A tenant of its own whose colours the build warns about: the run's problems name it.
    const api = await operatorApi();
    const slug = uniqueSlug('publish');
    expect(
      (
        await api('POST', '/tenants', {
          slug,
          client: 'Low Contrast Fair',
          backgroundColor: '#888888',
          textColor: '#777777',
        })
      ).status,
    ).toBe(201);
    try {
      const page = await newPage();
      const waits: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (/^\/admin\/api\/publish\/[^/]+$/.test(url.pathname)) waits.push(url.searchParams.get('wait') ?? '');
      });
      await signIn(page, SERVICE.username, SERVICE.password, '#/publish');
      await page.getByRole('heading', { name: 'Publish', exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('changed').locator('li').allTextContents()).toEqual([slug]);
      await page.getByRole('button', { name: 'Publish the changed tenants' }).click();
      // This run's report (an earlier run's may be shown until it starts), followed to its end.
      await page.getByText(`Tenants: ${slug}.`, { exact: false }).waitFor();
      await page.getByRole('heading', { name: 'The last publish: Published' }).waitFor({ timeout: patience(60_000) });
      expect(waits.length).toBeGreaterThanOrEqual(1);
      expect(waits.every((w) => Number(w) > 0 && Number(w) <= 30)).toBe(true);
      const problem = page.locator('li').filter({ hasText: new RegExp(`\\("${slug}"\\).*contrast`) });
      expect(await problem.count()).toBe(1);
      const bundle = page.getByRole('link', { name: `Download bundle of ${slug}` });
      expect(await bundle.getAttribute('href')).toBe(`/admin/api/tenants/${slug}/bundle.tar.gz`);
      const download = await page.request.get(`${inject('boothUrl')}${await bundle.getAttribute('href')}`);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/gzip');
      expect((await download.body()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    } finally {
      await removeTenant(slug, { published: true });
    }
  });

  it('says so when the booth has no publish or event routes', async () => {
    // Stood in for: this booth has both; a booth without them is an older server.
    const page = await newPage();
    const missing = (path: string) => ({
      status: 404,
      json: { error: `There is no GET ${path} in the console's API.` },
    });
    await page.route('**/admin/api/publish', (route) => route.fulfill(missing('/admin/api/publish')));
    await page.route('**/admin/api/tenants/gala/events', (route) =>
      route.fulfill(missing('/admin/api/tenants/gala/events')),
    );
    await signIn(page, SERVICE.username, SERVICE.password, '#/publish');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Publishing is not available on this booth');
    await page.goto(`${consoleUrl()}#/tenants/gala/event`);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('The event figures are not available on this booth');
  });

  it('shows the event at a glance of a tenant from its real jobs, and deletes one result, then all', async () => {
    const api = await operatorApi();
    const slug = uniqueSlug('event');
    expect((await api('POST', '/tenants', { slug, client: 'Event Fair' })).status).toBe(201);
    try {
      // Two real jobs: one restyled, one refused (no person in the photo).
      const done = await finishedJob(slug);
      expect(done.job.result.status).toBe('COMPLETED');
      const refused = await finishedJob(slug, 'rocket.jpg');
      expect(refused.job.result.status).toBe('ERROR');

      const page = await newPage();
      await signIn(page, SERVICE.username, SERVICE.password, `#/tenants/${slug}/event`);
      await page.getByRole('heading', { name: `The event at a glance: ${slug}` }).waitFor();
      const row = (name: string) =>
        page
          .getByRole('row', { name: new RegExp(`^${name}`) })
          .locator('td')
          .allTextContents();
      await expect.poll(() => row('Today')).toEqual(['2', '1', '1', '0']);
      expect(await row('Last hour')).toEqual(['2', '1', '1', '0']);
      expect(await page.getByText(/^Turnaround today: median \(p50\) \d+\.\d s, p95 \d+\.\d s\.$/).count()).toBe(1);
      expect(await page.getByText(/^Queue of the booth: \d+ waiting, \d+ running, \d+ worker\(s\)\.$/).count()).toBe(1);
      expect(await page.getByText(`${refused.job.result.message} (1)`, { exact: true }).count()).toBe(1);

      await page.getByRole('button', { name: `Delete result ${done.id.slice(0, 8)}` }).click();
      await page.getByRole('button', { name: 'Yes, delete it' }).click();
      await page.getByText('No results today.').waitFor();
      expect((await fetch(done.job.images[0]!)).status).toBe(404);
      // A guest's deletion does not shrink the event: still counted, and as deleted.
      await expect.poll(() => row('Today')).toEqual(['2', '1', '1', '1']);

      await page.getByRole('button', { name: 'Delete all results of this tenant' }).click();
      await page.getByRole('button', { name: 'Yes, delete all' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('1 result(s) deleted.');
      await expect.poll(() => row('Today')).toEqual(['2', '1', '1', '2']);
      expect((await fetch(`${inject('boothUrl')}/transformations/jobs/${refused.id}/`)).status).toBe(404);
    } finally {
      await removeTenant(slug);
    }
  });
});
