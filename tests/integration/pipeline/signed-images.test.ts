// With a proxy key, the build signs the tenant images it bakes in and the proxy serves only
// those: a page's logo and background, at the size its script picks for a phone's container,
// load; any other size, or the unsigned URL, is refused.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../../../contract/index.ts';
import { signedSizeFor, SIGNED_PROXY_SIZES } from '../../../contract/proxy-url.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { RUNS, hostsAt, runScript, type ScriptRun } from './support/run-script.ts';

const KEY = '6b6579206f662074686520626f6f7468206f6e2074686973206c6170746f7021';
const SALT = '73616c74206f6620746865206261736b6574';
const dir = join(RUNS, 'signed');
const outDir = join(dir, 'dist');
const siteDataFile = join(dir, 'tenants.generated.json');

let server: RunningServer;
let run: ScriptRun;

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  const keyed = { BOOTH_PROXY_KEY: KEY, BOOTH_PROXY_SALT: SALT };
  server = await startServer({ env: { BOOTH_SITE_DIR: outDir, ...keyed } });
  run = await runScript('scripts/build.ts', {
    ...hostsAt(server.url),
    BOOTH_OUT_DIR: outDir,
    BOOTH_SITE_DATA: siteDataFile,
    ...keyed,
  });
});
afterAll(() => server?.stop());

const attribute = (html: string, name: string) =>
  new RegExp(`${name}="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

/** What the page's script (src/inline/proxy-images.ts) asks for a container of this size. */
function pickedUrl(html: string, template: string, signatures: string, container: { width: number; height: number }) {
  const signed = signedSizeFor(container);
  return template
    .replace(attribute(html, 'data-signature-token')!, signatures.split(' ')[signed.index]!)
    .replace(attribute(html, 'data-width-token')!, String(signed.width))
    .replace(attribute(html, 'data-height-token')!, String(signed.height));
}

describe('a build with a proxy key', () => {
  it('keeps the key out of the site: only signatures reach the site data and the pages', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const data = readFileSync(siteDataFile, 'utf8');
    const site = JSON.parse(data) as SiteData;
    expect(Object.keys(site.imageProxy.signatures ?? {})).toContain('fill aurora/background.jpg');
    for (const list of Object.values(site.imageProxy.signatures!))
      expect(list).toHaveLength(SIGNED_PROXY_SIZES.length ** 2);
    for (const file of [data, readFileSync(join(outDir, 'aurora', 'index.html'), 'utf8')]) {
      expect(file).not.toContain(KEY);
      expect(file).not.toContain(SALT);
    }
  });

  it("bakes in URLs the proxy serves, at the signed size covering a phone's container", async () => {
    const html = readFileSync(join(outDir, 'aurora', 'index.html'), 'utf8');
    const phone = { width: 390, height: 700 };
    const background = pickedUrl(
      html,
      attribute(html, 'data-background-template')!,
      attribute(html, 'data-background-signatures')!,
      phone,
    );
    const logo = pickedUrl(
      html,
      attribute(html, 'data-proxy-template')!,
      attribute(html, 'data-proxy-signatures')!,
      phone,
    );
    const got = await fetch(server.url + background);
    expect(got.status, background).toBe(200);
    const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([540, 810]);
    expect((await fetch(server.url + logo)).status, logo).toBe(200);
  });

  it('leaves every other URL refused: another size with a baked signature, or the unsigned one', async () => {
    const html = readFileSync(join(outDir, 'aurora', 'index.html'), 'utf8');
    const url = pickedUrl(
      html,
      attribute(html, 'data-background-template')!,
      attribute(html, 'data-background-signatures')!,
      { width: 390, height: 700 },
    );
    for (const other of [url.replace('rs:fill:540:810', 'rs:fill:541:810'), url.replace(/^\/[^/]+/, '/insecure')]) {
      expect((await fetch(server.url + other)).status, other).toBe(403);
    }
  });
});
