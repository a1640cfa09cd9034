// The event wall, its moderation and "Email me my picture" on a scale-out deployment, in Chromium:
// two API nodes, a worker and a control node, each a process of its own, on a real redis-server,
// a real S3-compatible store and a real SMTP server. The built pages are served twice by Debian's
// nginx, each sending /transformations/ to one API node, as two load balancers would: the wall is
// open through node B, the guest ticks the box on their result through node A, an operator
// approves it in the control node's console (in the browser, one key), and the picture shows on
// the wall through B; a hidden one never does; a deleted one leaves. A guest's email asked through
// an API node is sent by the control node, with the store's picture attached.
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright';
import { EMAIL_TEXT, JOB_STATUS, TEXT } from '../../contract/index.ts';
import { WALL_TEXT, wallPath } from '../../contract/wall.ts';
import { newDataDir, type RunningServer } from '../support/server-process.ts';
import { startNginx, type Nginx } from '../integration/pipeline/support/nginx.ts';
import { startCluster, type Cluster } from '../support/scale-cluster.ts';
import { parseMail, smtpEnv, startSmtp, type TestSmtp } from '../support/smtp.ts';
import { call, signIn as apiSignIn } from '../integration/server/support/console.ts';
import { createJob, fixture, waitForJob } from '../integration/server/support/client.ts';
import { SERVICE } from './console/support.ts';
import { suiteBrowser } from './support/browser.ts';
import { action, hydrated } from './support/journey.ts';
import { tenant } from './support/site-data.ts';
import { patience } from '../support/patience.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let smtp: TestSmtp;
let cluster: Cluster;
let control: RunningServer;
let nodeA: RunningServer;
let nodeB: RunningServer;
/** The built site on a static host whose /transformations/ go to API node A, and one whose go to B. */
let siteA: Nginx;
let siteB: Nginx;

/** A static host of the built pages whose AI hub calls go to `api` (the pages call their own origin). */
const siteFor = (api: RunningServer, name: string) =>
  startNginx(inject('siteDir'), path.join(newDataDir('e2e-scale-reach'), name), [
    // ^~: before the site's own regex locations. Unbuffered, as a live feed needs through a proxy.
    `location ^~ /transformations/ { proxy_pass http://${new URL(api.url).host}; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_buffering off; proxy_set_header X-Forwarded-For $remote_addr; }`,
  ]);

beforeAll(async () => {
  smtp = await startSmtp();
  cluster = await startCluster({ apis: 2, workers: 1, styles: 'local', env: smtpEnv(smtp.port) });
  [nodeA, nodeB] = cluster.apis as [RunningServer, RunningServer];
  control = await cluster.startControl();
  [siteA, siteB] = await Promise.all([siteFor(nodeA, 'a'), siteFor(nodeB, 'b')]);
  // The API nodes know Gala Night's wall once the control node has written the settings to Redis.
  const end = Date.now() + patience(10_000);
  while ((await fetch(nodeB.url + wallPath('gala'))).status !== 200) {
    if (Date.now() > end) throw new Error("API node B never learnt Gala Night's wall from Redis");
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(async () => {
  await Promise.all([siteA?.stop(), siteB?.stop()]);
  await cluster?.close();
  await smtp?.close();
});

/** A completed picture of Gala Night, made through API node A. */
async function galaPicture(photo = 'astronaut.jpg'): Promise<string> {
  const id = await createJob(nodeA.url, fixture(photo), 'comic', 'gala');
  expect((await waitForJob(nodeA.url, id)).result.status).toBe(JOB_STATUS.completed);
  return id;
}

/** Gala Night's result page through node A, the box ticked by the guest. */
async function guestSaysYes(guest: Page, id: string) {
  await guest.goto(`${siteA.url}/gala/results/${id}`);
  await guest.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(10_000) });
  const box = guest.getByRole('checkbox', { name: WALL_TEXT.optIn });
  expect(await box.isChecked()).toBe(false);
  await box.check();
  await guest.getByText(WALL_TEXT.optInWaiting).waitFor({ timeout: patience(5_000) });
}

const onWall = (wall: Page, id: string) => wall.locator(`.booth-wall-mosaic li[data-id="${id}"] img`);

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the event wall and email on API nodes, Redis and S3', () => {
  const { newPage } = suiteBrowser({ camera: 'none' });

  it('shows on a wall open through node B a picture said yes to through node A and approved in the console; a hidden one never, a deleted one leaves', async () => {
    const wall = await newPage({ viewport: { width: 1920, height: 1080 } });
    await wall.goto(`${siteB.url}/gala/wall`);
    await wall.locator('[data-wall][data-connected="true"]').waitFor({ timeout: patience(5_000) });
    await wall.getByText(WALL_TEXT.invite).waitFor();

    const approved = await galaPicture('astronaut.jpg');
    const hidden = await galaPicture('grace_hopper.jpg');
    const guest = await newPage();
    await guestSaysYes(guest, hidden);
    await guestSaysYes(guest, approved);
    expect(await onWall(wall, approved).count()).toBe(0);

    // The console of the control node, its event page's moderation queue: H hides, A approves.
    const operator = await newPage();
    await operator.goto(`${control.url}/admin/#/tenants/gala/event`);
    await operator.getByLabel('User name').fill(SERVICE.username);
    await operator.getByLabel('Password').fill(SERVICE.password);
    await operator.getByRole('button', { name: 'Sign in' }).click();
    await operator.getByRole('heading', { name: /^Waiting for the event wall/ }).waitFor({ timeout: patience(5_000) });
    await operator.locator(`li[data-picture="${hidden}"]`).focus();
    await operator.keyboard.press('h');
    await operator.getByText('Hidden: it never shows.').waitFor();
    await operator.locator(`li[data-picture="${approved}"]`).focus();
    await operator.keyboard.press('a');
    await operator.getByText('Approved: it shows on the wall.').waitFor();

    // On the wall through node B, drawn from the store.
    await onWall(wall, approved).waitFor({ timeout: patience(2_000) });
    await expect
      .poll(() => onWall(wall, approved).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const src = (await onWall(wall, approved).getAttribute('src'))!;
    expect(src.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/results/${approved}/`)).toBe(true);
    await wall.getByText(WALL_TEXT.empty).waitFor({ state: 'hidden' });
    expect(await onWall(wall, hidden).count()).toBe(0);
    expect(await axe(wall)).toEqual([]);
    // The guest opening their result again, through node A, finds the box ticked.
    await guest.reload();
    await guest.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(10_000) });
    await expect.poll(() => guest.getByRole('checkbox', { name: WALL_TEXT.optIn }).isChecked()).toBe(true);

    // Deleted in the console: off the wall through node B within 2 s.
    const cookie = await apiSignIn(control.url);
    const started = Date.now();
    expect((await call(control.url, 'DELETE', `/tenants/gala/results/${approved}`, { cookie })).status).toBe(204);
    await onWall(wall, approved).waitFor({ state: 'detached', timeout: patience(2_000) });
    expect(Date.now() - started).toBeLessThan(patience(2_000));
    await wall.getByText(WALL_TEXT.empty).waitFor();
    expect(await onWall(wall, hidden).count()).toBe(0);
  });

  it('sends the picture a guest asks for through an API node, from the control node, with the store’s picture attached', async () => {
    expect(tenant('gala').email).toBe(true);
    const id = await galaPicture();
    const page = await newPage();
    await page.goto(`${siteB.url}/gala/results/${id}`);
    await hydrated(page);
    await page.getByRole('heading', { name: TEXT.resultHeading }).waitFor({ timeout: patience(10_000) });
    const image = (await page.locator('figure a').first().getAttribute('href'))!;
    expect(image.startsWith(`${cluster.s3.endpoint}/${cluster.s3.bucket}/results/${id}/`)).toBe(true);

    const form = page.getByRole('region', { name: EMAIL_TEXT.emailMe });
    const address = `scale-${id.slice(0, 6).toLowerCase()}@example.com`;
    await form.getByLabel(EMAIL_TEXT.addressLabel).fill(address);
    await action(page, EMAIL_TEXT.send).click();
    await form
      .getByRole('status')
      .filter({ hasText: EMAIL_TEXT.queued })
      .waitFor({ timeout: patience(5_000) });
    expect(await axe(page)).toEqual([]);

    const received = await smtp.to(address, patience(10_000));
    const mail = await parseMail(received.raw);
    expect(mail.subject).toBe(`Your picture from ${tenant('gala').client}`);
    const picture = Buffer.from(await (await fetch(image)).arrayBuffer());
    const attached = mail.attachments.find((a) => /^ai_me\.(png|jpg|webp)$/.test(a.filename ?? ''));
    expect(Buffer.from(attached!.content as ArrayBuffer).equals(picture)).toBe(true);
    // Asked through node B, queued in Redis there, sent by the control node; the address in no log.
    expect(nodeB.output()).toMatch(new RegExp(`mail: message \\S+ for job ${id} queued`));
    await expect.poll(() => control.output()).toMatch(new RegExp(`mail: message \\S+ for job ${id} sent`));
    for (const node of [nodeA, nodeB, control]) expect(node.output()).not.toContain(address);
  });
});
