// Helpers of the screens' browser tests: answers of the AI hub stubbed in the page, where a test
// needs a job state the real engine would not produce on demand (pending for ever, an error,
// a network failure). Everything else is the real server and the real built site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request, Route } from 'playwright';

const root = join(import.meta.dirname, '..', '..', '..');

/** A result image the stubbed jobs point at: a real photo, served with CORS like the server's. */
export const STUB_IMAGE_PATH = '/stub-results/astronaut.jpg';

export interface StubJob {
  prompt?: string;
  images?: string[];
  previews?: string[];
  result: { status: string; message?: string };
}

export async function stubResultImage(page: Page) {
  const body = readFileSync(join(root, 'tests', 'fixtures', 'astronaut.jpg'));
  await page.route(`**${STUB_IMAGE_PATH}`, (route) =>
    route.fulfill({ body, contentType: 'image/jpeg', headers: { 'access-control-allow-origin': '*' } }),
  );
}

/** GET /transformations/jobs/{id}/: the results screen asking for its job. */
export const isJobRequest = (url: URL) => /^\/transformations\/jobs\/(?!create\/)[^/]+\/$/.test(url.pathname);

/** Answers GET /transformations/jobs/{id}/ with the jobs given, one per request, the last one repeated. */
export async function stubJob(page: Page, ...answers: StubJob[]): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(isJobRequest, (route) => {
    const answer = answers[Math.min(requests.length, answers.length - 1)];
    requests.push(route.request());
    return route.fulfill({ json: { id: 'stub', images: [], prompt: '', ...answer } });
  });
  return requests;
}

export async function stubStyles(page: Page, styles: unknown[]) {
  await page.route(
    (url) => url.pathname === '/transformations/styles',
    (route) => route.fulfill({ json: styles }),
  );
}

/** The AI host unreachable: the network fails, or the host answers 5xx. */
export async function breakAiHost(page: Page, how: 'network' | 'server') {
  await page.route(
    (url) => url.pathname.startsWith('/transformations/'),
    (route) =>
      how === 'network' ? route.abort('connectionrefused') : route.fulfill({ status: 502, body: 'Bad Gateway' }),
  );
}

export const completedSticker: StubJob = {
  prompt: 'A die-cut sticker of the person',
  images: [STUB_IMAGE_PATH],
  result: { status: 'completed', message: '' },
};

/**
 * The styles page as a build makes it when the AI host was down: no styles baked into the grid
 * or the island's props. The page itself is the real one, fetched from the server.
 */
export async function withoutBakedStyles(page: Page) {
  await page.route(
    (url) => /\/styles\/?$/.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      let html = await response.text();
      html = html.replace(/(<ul class="booth-style-grid"[^>]*>)[\s\S]*?<\/ul>/, '$1</ul>');
      const start = html.indexOf('initialStyles&quot;:') + 'initialStyles&quot;:'.length;
      let depth = 0;
      let end = start;
      do {
        if (html[end] === '[') depth++;
        if (html[end] === ']') depth--;
        end++;
      } while (depth > 0);
      html = `${html.slice(0, start)}[1,[]]${html.slice(end)}`;
      await route.fulfill({ response, body: html });
    },
  );
}

/**
 * Holds every request `matching` until the returned release() is called, then lets `answer`
 * handle it: the screen's in-between state (a spinner, an overlay, 'Processing...') stays for
 * as long as the test looks at it.
 */
export async function holdRequests(
  page: Page,
  matching: (url: URL) => boolean,
  answer: (route: Route) => Promise<void>,
): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(matching, async (route) => {
    await released;
    await answer(route);
  });
  return release;
}

/**
 * The page's largest-contentful-paint entries as Chromium reports them, each with whether its
 * element was the results island's own (recorded as it is reported: the element may go later).
 */
export async function recordLargestPaints(page: Page): Promise<() => Promise<{ size: number; island: boolean }[]>> {
  await page.addInitScript(() => {
    const paints: { size: number; island: boolean }[] = [];
    (window as unknown as { largestPaints: typeof paints }).largestPaints = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[])
        paints.push({ size: entry.size, island: Boolean(entry.element?.closest('astro-island')) });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { largestPaints: { size: number; island: boolean }[] }).largestPaints);
}

/**
 * On a page whose clock is paused: lets the results screen's code come, which waits for the
 * frame after the early first picture has loaded (src/directives/after-first-picture.ts). The
 * page's time moves on by 100 ms, far from any of the screen's own timers.
 */
export async function paintEarlyPicture(page: Page) {
  await page.waitForFunction(
    () => document.querySelector<HTMLImageElement>('.booth-first-result img')?.complete === true,
    undefined,
    { polling: 50 },
  );
  await page.clock.runFor(100);
}
