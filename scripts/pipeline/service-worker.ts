// Each tenant's service worker (src/service-worker/worker.ts), bundled with the list of what it
// keeps for the tenant: its screens in each of its languages, every /_astro/ file, the local
// images and its web-app files (each language's manifest among them). The version is a hash of
// those files' bytes, so a build that changes any of them makes a new worker (browsers compare its
// bytes) whose cache replaces the old one.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { LOCAL_ASSETS } from '../../contract/local-assets.ts';
import { WEB_APP_FILES } from '../../contract/web-app.ts';
import { ROOT } from './settings.ts';

export const WORKER_FILE = WEB_APP_FILES.worker;
/** The screens a page set has, as paths inside its root (src/pages/[...tenant]/). */
export const SCREENS = ['', 'camera/', 'styles/', 'results/'] as const;
const WORKER_SOURCE = join(ROOT, 'src', 'service-worker', 'worker.ts');

/** The local images every page set may show (the video is left out: it is read in ranges). */
const LOCAL_IMAGES = Object.values(LOCAL_ASSETS).filter((path) => !path.endsWith('.mp4'));

export interface WorkerConfig {
  version: string;
  pages: string[];
  precache: string[];
}

/**
 * What the worker of the page set in `tenantDir` keeps: its screens (and those of each guest
 * language in `languages`, under {code}/: each page carries its own language's texts only), the
 * site's /_astro/ files and local images (root-relative: shared by every tenant) and `ownFiles`
 * (relative to its root).
 */
export function workerConfig(
  siteDir: string,
  tenantDir: string,
  ownFiles: string[],
  languages: readonly string[] = [],
): WorkerConfig {
  const pages = ['', ...languages.map((code) => `${code}/`)]
    .flatMap((prefix) => SCREENS.map((screen) => `${prefix}${screen}`))
    .filter((screen) => existsSync(join(tenantDir, screen, 'index.html')));
  const astroDir = join(siteDir, '_astro');
  const astro = existsSync(astroDir)
    ? readdirSync(astroDir)
        .sort()
        .map((name) => `/_astro/${name}`)
    : [];
  const images = LOCAL_IMAGES.filter((path) => existsSync(join(siteDir, path)));
  const precache = [...astro, ...images, ...ownFiles];
  const hash = createHash('sha256');
  for (const page of pages) hash.update(`${page}\n`).update(readFileSync(join(tenantDir, page, 'index.html')));
  for (const path of [...astro, ...images]) hash.update(`${path}\n`).update(readFileSync(join(siteDir, path)));
  for (const file of ownFiles) hash.update(`${file}\n`).update(readFileSync(join(tenantDir, file)));
  return { version: hash.digest('base64url').slice(0, 16), pages, precache };
}

let bundled: string | undefined;

/** The worker's code with its config filled in: bundled once per build, the config is a literal. */
export function workerSource(config: WorkerConfig): string {
  bundled ??= buildSync({
    entryPoints: [WORKER_SOURCE],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    legalComments: 'none',
    write: false,
    define: { BOOTH_WORKER_CONFIG: '__BOOTH_WORKER_CONFIG__' },
  }).outputFiles[0]!.text;
  const literal = JSON.stringify(config).replace(/</g, '\\u003c');
  return bundled.replaceAll('__BOOTH_WORKER_CONFIG__', () => literal);
}

export async function writeServiceWorker(
  siteDir: string,
  tenantDir: string,
  ownFiles: string[],
  languages: readonly string[] = [],
): Promise<void> {
  await writeFile(join(tenantDir, WORKER_FILE), workerSource(workerConfig(siteDir, tenantDir, ownFiles, languages)));
}
