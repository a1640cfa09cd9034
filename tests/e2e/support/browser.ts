// Debian's Chromium driven by Playwright, with a real photo as the camera.
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { photoWithText } from '../../support/orientation.ts';
import { photoToY4m } from './y4m.ts';
import { patience } from '../../support/patience.ts';

/** A fixture photo, or 'text': Grace Hopper with a word on her chest, to tell left from right (tests/support/orientation.ts). */
export type CameraPhoto = 'astronaut' | 'grace_hopper' | 'coffee' | 'rocket' | 'text' | 'none';

/** The photo the 'text' camera shows, written once. */
export async function textCameraPhoto(): Promise<string> {
  const file = join(root, '.test-runs', 'camera', 'text.jpg');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await photoWithText(join(root, 'tests', 'fixtures', 'grace_hopper.jpg')));
  }
  return file;
}

const root = join(import.meta.dirname, '..', '..', '..');
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Flags measured on these machines: no sandbox as root, no GPU, and no
// background traffic (the network is closed; Chromium's own calls would only be refused).
const BASE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(opts: { camera?: CameraPhoto } = {}): Promise<Browser> {
  const camera = opts.camera ?? 'astronaut';
  const args = [...BASE_FLAGS];
  if (camera !== 'none') {
    const y4m = await photoToY4m(
      camera === 'text' ? await textCameraPhoto() : join(root, 'tests', 'fixtures', `${camera}.jpg`),
      join(root, '.test-runs', 'camera', `${camera}.y4m`),
    );
    args.push(
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${y4m}`,
    );
  }
  return withSuiteDefaults(await chromium.launch({ executablePath: chromiumPath(), headless: true, args }));
}

/**
 * Every context of the browser blocks service workers unless a test asks for them
 * (`serviceWorkers: 'allow'`, as tests/e2e/site/installable.test.ts does): a tenant's worker
 * answers a controlled page's requests itself, where page.route cannot see them, so a test's
 * stubbed or held request would slip past it once the worker took over, sooner or later.
 * And every wait of a page (a click, a heading, a navigation) gives up only after Playwright's
 * 30 s on a slow day (tests/support/patience.ts).
 */
function withSuiteDefaults(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options = {}) =>
    patientContext(await newContext({ serviceWorkers: 'block', ...options }));
  browser.newPage = async (options = {}) => {
    const page = await newPage({ serviceWorkers: 'block', ...options });
    patientContext(page.context());
    return page;
  };
  return browser;
}

function patientContext(context: BrowserContext): BrowserContext {
  context.setDefaultTimeout(patience(30_000));
  context.setDefaultNavigationTimeout(patience(30_000));
  return context;
}

/**
 * A browser for the tests of the suite this is called in: launched before them, closed after
 * them. `newPage` opens a page in a context of its own, `open` one at a path of the booth; both
 * are closed after each test.
 */
export function suiteBrowser(opts: { camera?: CameraPhoto } = {}) {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(opts);
  });
  afterAll(async () => browser?.close());
  const newPage = pagesClosedAfterEach(() => browser!);
  const open = async (path: string): Promise<Page> => {
    const page = await newPage();
    await page.goto(`${inject('boothUrl')}${path}`);
    return page;
  };
  return { newPage, open };
}

/**
 * Opens pages, each in a context of its own, and closes them after each test of the suite it is
 * called in: a page left open keeps its camera streaming and its video playing, and the machine
 * would be busier at the last test than at the first.
 */
export function pagesClosedAfterEach(browser: () => Browser) {
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  return async (options?: Parameters<Browser['newContext']>[0]): Promise<Page> => {
    const context = await browser().newContext(options);
    contexts.push(context);
    return context.newPage();
  };
}
