import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workerConfig } from '../../../scripts/pipeline/service-worker.ts';

let site: string;
afterEach(() => rmSync(site, { recursive: true, force: true }));

/** A site folder with a tenant's page sets: `pages` are paths of index.html files under /gala/. */
function siteWith(pages: string[]): { siteDir: string; tenantDir: string } {
  site = mkdtempSync(join(tmpdir(), 'booth-sw-'));
  mkdirSync(join(site, '_astro'));
  writeFileSync(join(site, '_astro', 'page.abc.js'), 'js');
  const tenantDir = join(site, 'gala');
  for (const page of pages) {
    mkdirSync(join(tenantDir, page), { recursive: true });
    writeFileSync(join(tenantDir, page, 'index.html'), `<html>${page}</html>`);
  }
  writeFileSync(join(tenantDir, 'manifest.webmanifest'), '{}');
  return { siteDir: site, tenantDir };
}

describe("a tenant's service worker", () => {
  it("keeps the screens of each of the tenant's languages, and no other", () => {
    const { siteDir, tenantDir } = siteWith(['', 'camera', 'styles', 'results', 'fr', 'fr/camera', 'fr/results']);
    const config = workerConfig(siteDir, tenantDir, ['manifest.webmanifest'], ['fr', 'ar']);
    expect(config.pages).toEqual(['', 'camera/', 'styles/', 'results/', 'fr/', 'fr/camera/', 'fr/results/']);
    expect(config.precache).toEqual(['/_astro/page.abc.js', 'manifest.webmanifest']);
  });

  it('keeps its own language only without guest languages, and a new version when a language page changes', () => {
    const { siteDir, tenantDir } = siteWith(['', 'camera', 'fr', 'fr/camera']);
    expect(workerConfig(siteDir, tenantDir, []).pages).toEqual(['', 'camera/']);
    const before = workerConfig(siteDir, tenantDir, [], ['fr']).version;
    writeFileSync(join(tenantDir, 'fr', 'camera', 'index.html'), '<html>changed</html>');
    expect(workerConfig(siteDir, tenantDir, [], ['fr']).version).not.toBe(before);
  });
});
