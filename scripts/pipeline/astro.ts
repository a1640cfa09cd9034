// `astro build` in a child process: the pages read the SiteData file named by BOOTH_SITE_DATA
// and write to BOOTH_OUT_DIR (see astro.config.mjs), so the pipeline can build into a fresh
// folder and only swap it in when the build succeeded.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, rmdir } from 'node:fs/promises';
import type { SiteData } from '../../contract/site-data.ts';
import { trackChild } from './interrupt.ts';
import { join } from 'node:path';
import { BuildError } from './errors.ts';
import { writeInstallableApps } from './installable.ts';
import { ROOT } from './settings.ts';

export interface SiteBuild {
  outDir: string;
  siteDataFile: string;
  /** The content host of the build's settings: a proxy on the site's own origin is this host. */
  contentHost: string;
  /** Build only this tenant, served from the root (a per-tenant bundle). */
  rootTenant?: string;
  /** The last full build, whose app icons a bundle reuses instead of fetching the logos again. */
  lastSiteDir?: string;
  /** Keep the page renderer here for one-tenant publishes (keep-renderer.ts). */
  rendererDir?: string;
}

export type BuildSite = (build: SiteBuild) => Promise<void>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape starts the terminal colour codes it removes.
const COLOUR_CODES = /\x1b\[[0-9;]*m/g;

/** The tail of astro's output is kept for the failure message; the rest is noise on success. */
const TAIL_CHARS = 3_000;

export const astroBuild: BuildSite = ({ outDir, siteDataFile, contentHost, rootTenant, rendererDir }) =>
  new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      BOOTH_OUT_DIR: outDir,
      BOOTH_SITE_DATA: siteDataFile,
      ASTRO_TELEMETRY_DISABLED: '1',
      // React's production build, also when a test runner (NODE_ENV=test) starts the build.
      NODE_ENV: 'production',
    };
    if (rootTenant) env.BOOTH_ROOT_TENANT = rootTenant;
    else delete env.BOOTH_ROOT_TENANT;
    if (rendererDir) env.BOOTH_RENDERER_DIR = rendererDir;
    else delete env.BOOTH_RENDERER_DIR;
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    trackChild(child);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-TAIL_CHARS * 2);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => reject(new BuildError(`Cannot start astro build: ${error.message}.`)));
    child.on('exit', (code, signal) => {
      if (code === 0)
        return placeTenantNotFoundPages(outDir)
          .then(() => addWebApps({ outDir, siteDataFile, contentHost, rootTenant }))
          .then(resolve, reject);
      const tail = output.replace(COLOUR_CODES, '').trim().slice(-TAIL_CHARS);
      reject(
        new BuildError(
          `astro build failed (${signal ?? `exit ${code}`}); the previous site is left as it was. Its last output:\n${tail}`,
        ),
      );
    });
  });

/** Every page set made an installable web app with its service worker (installable.ts). */
async function addWebApps({ outDir, siteDataFile, contentHost, rootTenant, lastSiteDir }: SiteBuild): Promise<void> {
  const site = JSON.parse(await readFile(siteDataFile, 'utf8')) as SiteData;
  // A proxy on the site's own origin ('') is the embedded server, which is the content host too.
  const proxyOrigin = new URL(contentHost).origin;
  await writeInstallableApps(outDir, site, {
    rootTenant,
    lastSiteDir,
    proxyOrigin,
    warn: (line) => console.log(`note: ${line}`),
  });
}

/**
 * Each page set's Not Found page from {base}/404/index.html to {base}/404.html, beside the root's
 * 404.html: a tenant's ({slug}), and a guest's language's ({slug}/{code}, the default tenant's
 * {code}), where the embedded server, the nginx rules and Netlify's look for it.
 */
export async function placeTenantNotFoundPages(outDir: string, depth = 2): Promise<void> {
  for (const entry of await readdir(outDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(outDir, entry.name);
    const page = join(dir, '404', 'index.html');
    if (existsSync(page)) {
      await rename(page, join(dir, '404.html'));
      await rmdir(join(dir, '404'));
    }
    // The folder a page was just moved out of is gone: the listing above still names it.
    if (depth > 1 && existsSync(dir)) await placeTenantNotFoundPages(dir, depth - 1);
  }
}
