// Helpers of the console's browser tests: sign in through the page, and tenants of their own
// made, published and removed through the real console API of the shared e2e server.
import { expect, inject } from 'vitest';
import type { Page } from 'playwright';
import { DEFAULT_SERVICE_PASSWORD, DEFAULT_SERVICE_USERNAME } from '../../../contract/embedded-defaults.ts';
import { call, signIn as apiSignIn } from '../../integration/server/support/console.ts';
import { dataUrl, fixture, postJob, waitForJob } from '../../integration/server/support/client.ts';
import { patience } from '../../support/patience.ts';

export const SERVICE = { username: DEFAULT_SERVICE_USERNAME, password: DEFAULT_SERVICE_PASSWORD };
export const consoleUrl = () => `${inject('boothUrl')}/admin/`;

export async function signIn(page: Page, user = SERVICE.username, password = SERVICE.password, hash = '') {
  await page.goto(`${consoleUrl()}${hash}`);
  await page.getByLabel('User name').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** A slug of its own per test run: the e2e server is shared by every test file. */
export const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export interface Run {
  id: string;
  status: 'running' | 'succeeded' | 'failed';
  problems: string[];
  error: string | null;
}

/** The console API as the service account, from the test process. */
export async function operatorApi() {
  const booth = inject('boothUrl');
  const cookie = await apiSignIn(booth);
  return <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    call<T>(booth, method, path, { cookie, body });
}

/** A publish of these tenants through the API, followed to its end. */
export async function publish(slugs: string[]): Promise<Run> {
  const api = await operatorApi();
  const started = await api<Run>('POST', '/publish', { tenants: slugs });
  if (started.status !== 202)
    throw new Error(`The publish did not start (${started.status}): ${JSON.stringify(started.body)}`);
  let run = started.body;
  while (run.status === 'running') run = (await api<Run>('GET', `/publish/${run.id}?wait=30`)).body;
  return run;
}

/** Waits for a publish that is running (one at a time: a test's own may still be). */
async function settled(api: Awaited<ReturnType<typeof operatorApi>>) {
  let run = (await api<{ running: Run | null }>('GET', '/publish')).body.running;
  while (run?.status === 'running') run = (await api<Run>('GET', `/publish/${run.id}?wait=30`)).body;
}

/**
 * Deletes a tenant made by a test (its jobs, files and served pages go with it) and, when it may
 * have been published, publishes it again so the site data drops it too: the other test files
 * share this build.
 */
export async function removeTenant(slug: string, { published = false } = {}) {
  const api = await operatorApi();
  await settled(api);
  await api('DELETE', `/tenants/${slug}`);
  if (!published) return;
  // Never built (the test stopped before its publish): there are no pages to remove.
  if (!(await api<{ removed: string[] }>('GET', '/publish')).body.removed.includes(slug)) return;
  const run = await publish([slug]);
  if (run.status !== 'succeeded') throw new Error(`Removing the pages of ${slug} failed: ${run.error}`);
}

/** A job of the tenant on the real server, finished: a real photo in a real style. */
export async function finishedJob(slug: string, photo = 'grace_hopper.jpg', style = 'comic') {
  const booth = inject('boothUrl');
  const created = await postJob(booth, { style_id: style, image: dataUrl(fixture(photo)), tenant: slug });
  if (created.status !== 201) throw new Error(`The job was not created (${created.status}): ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  return { id, job: await waitForJob(booth, id) };
}

/**
 * Publishes the changed tenants, `slug` among them, from the console's Publish page, and follows the
 * run this click started to its end (the page shows the last one before).
 */
export async function publishChanged(page: Page, slug: string) {
  await page.getByRole('link', { name: 'Publish', exact: true }).click();
  await expect.poll(() => page.getByTestId('changed').textContent()).toContain(slug);
  await page.getByRole('button', { name: 'Publish the changed tenants' }).click();
  await expect
    .poll(() => page.getByRole('status').textContent(), { timeout: patience(60_000) })
    .toBe('The site is published.');
}
