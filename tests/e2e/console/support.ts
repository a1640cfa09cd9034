// Helpers of the console's browser tests: sign in through the page, and stand-ins for the
// publish and event routes (the shapes of the console's API), for a state the real booth
// would not produce on demand (a run in progress, a failed job, a gallery).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Page } from 'playwright';
import { DEFAULT_SERVICE_PASSWORD, DEFAULT_SERVICE_USERNAME } from '../../../contract/embedded-defaults.ts';

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

const stamp = '2026-11-23T10:00:00.000Z';
export const RUN = {
  id: 'run-1',
  status: 'running',
  tenants: ['gala'],
  startedAt: stamp,
  finishedAt: null,
  progress: { done: 1, total: 3, step: 'Building the pages of gala.' },
  problems: [],
  error: null,
};
export const FINISHED_RUN = {
  ...RUN,
  status: 'succeeded',
  finishedAt: stamp,
  progress: { done: 3, total: 3, step: 'Done.' },
  problems: ['Tenant "Gala Night" ("gala"): warning: textColor #777777 on backgroundColor #888888 has a contrast of 1.3:1.'],
};

/** GET/POST /admin/api/publish and GET /admin/api/publish/{id}?wait= as the agreed shapes say; returns the wait values asked. */
export async function stubPublish(page: Page) {
  const waits: string[] = [];
  await page.route('**/admin/api/publish', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 202, json: RUN })
      : route.fulfill({ json: { changed: ['gala', 'meadow'], running: null, last: null } }),
  );
  await page.route('**/admin/api/publish/run-1?*', (route) => {
    waits.push(new URL(route.request().url()).searchParams.get('wait') ?? '');
    return route.fulfill({ json: waits.length < 2 ? { ...RUN, progress: { done: 2, total: 3, step: 'Writing the bundle of gala.' } } : FINISHED_RUN });
  });
  return waits;
}

export const RESULT_IMAGE = '/stub-console/result.jpg';

/** The event routes of one tenant with one result; the gallery's image is a real photo. Returns the DELETE calls. */
export async function stubEvents(page: Page, slug: string) {
  const deletes: string[] = [];
  let results = [{ id: 'job-aaaaaaaa1', style: 'Comic', finishedAt: stamp, previewUrl: RESULT_IMAGE, imageUrls: [RESULT_IMAGE] }];
  const body = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'astronaut.jpg'));
  await page.route(`**${RESULT_IMAGE}`, (route) => route.fulfill({ body, contentType: 'image/jpeg' }));
  await page.route(`**/admin/api/tenants/${slug}/events`, (route) =>
    route.fulfill({
      json: {
        tenant: slug,
        lastHour: { created: 4, completed: 3, failed: 1 },
        today: { created: 40, completed: 36, failed: 4 },
        turnaroundMs: { p50: 14_200, p95: 21_900 },
        errors: [{ message: "We couldn't find a person in this photo.", count: 4 }],
        queue: { waiting: 2, running: 1, workers: 2 },
      },
    }),
  );
  await page.route(`**/admin/api/tenants/${slug}/results**`, (route) => {
    const method = route.request().method();
    if (method === 'DELETE') {
      deletes.push(new URL(route.request().url()).pathname);
      const deleted = results.length;
      results = [];
      return route.fulfill(route.request().url().endsWith('/results') ? { json: { deleted } } : { status: 204 });
    }
    return route.fulfill({ json: { results } });
  });
  return deletes;
}
