// What each screen costs a phone, read from the built site (the JS the page makes the browser run
// at load, gzip, as `npm run bench -- site` counts it): the intro ships no framework, every
// tenant's camera page stays within 80 KiB whatever event-kit parts it has on, and code that only
// some results show (the wall's box, "Email me my picture") loads when they show.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type PageJs, pageJs } from '../../../bench/site/js-bytes.ts';
import { readSiteData } from '../support/site-data.ts';

const KIB = 1024;
const CAMERA_BUDGET = 80 * KIB;

/** The sentence a camera page over its budget fails with, or null within it. */
function cameraBudgetProblem(js: PageJs): string | null {
  if (!js.framework) return 'the camera page loads no framework: its island is missing';
  return js.gzip > CAMERA_BUDGET ? `${(js.gzip / KIB).toFixed(1)} KiB of JS, over the camera page's 80 KiB` : null;
}

const codeOf = (siteDir: string, js: PageJs) => js.files.map((f) => readFileSync(join(siteDir, f), 'utf8')).join('\n');

describe('the JS each screen makes a phone load', () => {
  const data = readSiteData();
  // The default tenant at the site's root, every other under its slug.
  const pages = [
    { tenant: data.defaultTenant, prefix: '' },
    ...data.tenants.map((t) => ({ tenant: t, prefix: `${t.slug}/` })),
  ];
  const each = pages.map((p) => [p.tenant.slug, p] as const);

  it.each(each)('%s: the intro page ships no framework', (_, page) => {
    const js = pageJs(inject('siteDir'), `${page.prefix}index.html`);
    expect(js.framework).toBe(false);
  });

  it.each(each)('%s: the camera page stays within 80 KiB', (_, page) => {
    const js = pageJs(inject('siteDir'), `${page.prefix}camera/index.html`);
    expect(cameraBudgetProblem(js)).toBeNull();
  });

  it.each(each)("%s: the results page loads the wall's box and the email form only when it shows them", (_, page) => {
    const siteDir = inject('siteDir');
    const code = codeOf(siteDir, pageJs(siteDir, `${page.prefix}results/index.html`));
    // Texts come with the page (its language's), so the code is told by its class names.
    expect(code).toContain('booth-results-gone');
    expect(code).not.toContain('booth-wall-opt-in');
    expect(code).not.toContain('booth-email-status');
  });
});

describe('the camera budget', () => {
  const site = mkdtempSync(join(tmpdir(), 'booth-budget-'));
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  /** A page whose island is the React chunk of the built site plus `extra` bytes that do not compress. */
  function pageWith(extra: number): PageJs {
    const built = pageJs(inject('siteDir'), 'camera/index.html');
    const react = built.files.find((f) => /\/react\.[\w-]+\.js$/.test(f))!;
    // The built chunks, so that React's own imports (the bundler's runtime) are there too.
    cpSync(join(inject('siteDir'), '_astro'), join(site, '_astro'), { recursive: true });
    writeFileSync(join(site, '_astro', 'extra.js'), `export const x = "${randomBytes(extra).toString('base64')}";`);
    writeFileSync(
      join(site, `page-${extra}.html`),
      `<script type="module" src="${react}"></script><script type="module" src="/_astro/extra.js"></script>`,
    );
    return pageJs(site, `page-${extra}.html`);
  }

  it('fails a camera page above 80 KiB and passes one below it', () => {
    // React alone is about 68 KiB: 16 KiB that do not compress take a page over, 1 KiB does not.
    const over = pageWith(16 * KIB);
    const under = pageWith(KIB);
    expect(over.gzip).toBeGreaterThan(CAMERA_BUDGET);
    expect(cameraBudgetProblem(over)).toMatch(/over the camera page's 80 KiB/);
    expect(under.gzip).toBeLessThan(CAMERA_BUDGET);
    expect(cameraBudgetProblem(under)).toBeNull();
  });
});
