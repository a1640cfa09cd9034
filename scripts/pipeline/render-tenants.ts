// One tenant's page set rendered with the renderer the last full build kept (keep-renderer.ts):
// astro's own prerender bundle and render call, fed the new site data, without starting astro
// or vite. The pages are written as astro's static build writes them (format 'directory').
// The site data goes to the pages as an argument would, through SITE_DATA_HANDOFF for the length
// of the call: astro's getStaticPaths takes no input of ours (contract/site-data.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SITE_DATA_HANDOFF, type SiteData } from '../../contract/site-data.ts';
import { RENDERER_META, packagesHash, type RendererMeta } from './keep-renderer.ts';
import { ROOT } from './settings.ts';

const astroFile = (path: string) => pathToFileURL(join(ROOT, 'node_modules', 'astro', 'dist', path)).href;

interface RouteData {
  component: string;
  route: string;
  type: string;
  prerender: boolean;
}
interface PathWithRoute {
  pathname: string;
  route: RouteData;
}
interface BuildApp {
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
}

/**
 * Where the full build that writes `outDir` keeps its renderer: under node_modules, so the bundle's
 * imports of astro and react resolve wherever the site itself goes; one folder per site folder.
 */
export function rendererDirFor(outDir: string): string {
  return join(
    ROOT,
    'node_modules',
    '.cache',
    'booth-renderer',
    createHash('sha256').update(outDir).digest('hex').slice(0, 16),
  );
}

/** Names the site folder a renderer belongs to, so that one whose folder is gone can go too. */
const OWNER_FILE = 'site-dir.txt';

export async function markRenderer(dir: string, outDir: string): Promise<void> {
  await writeFile(join(dir, OWNER_FILE), outDir);
}

/** Renderers of site folders that no longer exist (temporary builds, tests) are removed. */
export async function pruneRenderers(): Promise<void> {
  const parent = join(ROOT, 'node_modules', '.cache', 'booth-renderer');
  for (const name of await readdir(parent).catch(() => [] as string[])) {
    const owner = await readFile(join(parent, name, OWNER_FILE), 'utf8').catch(() => null);
    if (owner !== null && !existsSync(owner)) await rm(join(parent, name), { recursive: true, force: true });
  }
}

/** A renderer is there and was made against the packages installed now. */
export function rendererReady(dir: string): boolean {
  if (!existsSync(join(dir, RENDERER_META))) return false;
  try {
    return (JSON.parse(readFileSync(join(dir, RENDERER_META), 'utf8')) as RendererMeta).packages === packagesHash(ROOT);
  } catch {
    return false;
  }
}

/** The file astro's static build writes for a page path: /{slug}/camera -> {slug}/camera/index.html. */
export function pageFile(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed ? join(trimmed, 'index.html') : 'index.html';
}

/**
 * Renders the page sets of `slugs` into `outDir` ({outDir}/{slug}/…) from `site`. Returns the
 * files written, relative to outDir.
 */
export async function renderTenantPages(
  rendererDir: string,
  site: SiteData,
  slugs: string[],
  outDir: string,
): Promise<string[]> {
  const slot = globalThis as { [SITE_DATA_HANDOFF]?: SiteData };
  slot[SITE_DATA_HANDOFF] = site;
  try {
    return await renderWith(rendererDir, slugs, outDir);
  } finally {
    delete slot[SITE_DATA_HANDOFF];
  }
}

async function renderWith(rendererDir: string, slugs: string[], outDir: string): Promise<string[]> {
  const meta = JSON.parse(await readFile(join(rendererDir, RENDERER_META), 'utf8')) as RendererMeta;
  const { app } = (await import(pathToFileURL(join(rendererDir, meta.entry)).href)) as { app: BuildApp };
  const { StaticPaths } = (await import('astro/runtime/prerender/static-paths.js')) as unknown as {
    StaticPaths: new (app: BuildApp) => { getAll(): Promise<PathWithRoute[]> };
  };
  const { createRequest } = (await import(astroFile('core/request.js'))) as { createRequest: (o: unknown) => Request };
  const { renderForPrerender } = (await import(astroFile('core/app/prerender.js'))) as {
    renderForPrerender: (app: BuildApp, request: Request, o: unknown) => Promise<{ response: Response }>;
  };

  // What astro's build environment reads while rendering (astro/dist/core/build/environment.js).
  app.setInternals({
    pagesByKeys: new Map(meta.pages.map((page) => [page.key, page])),
    entrySpecifierToBundleMap: new Map(),
  });
  const quiet = { write: () => true };
  app.setOptions({ settings: { scripts: meta.scripts }, logger: { options: { destination: quiet } } });

  const wanted = (pathname: string) =>
    slugs.some((slug) => pathname === `/${slug}` || pathname.startsWith(`/${slug}/`));
  const paths = (await new StaticPaths(app).getAll()).filter((p) => p.route.type === 'page' && wanted(p.pathname));
  const missing = slugs.filter((slug) => !paths.some((p) => p.pathname === `/${slug}`));
  if (missing.length) throw new Error(`The site data has no page set for ${missing.join(', ')}.`);
  const written: string[] = [];
  for (const { pathname, route } of paths) {
    // As astro's generate.js asks for a page of format 'directory': the path with a trailing slash.
    const url = new URL(`${pathname.replace(/\/$/, '')}/`, meta.origin);
    const request = createRequest({
      url,
      headers: new Headers(),
      logger: { warn: () => {} },
      isPrerendered: true,
      routePattern: route.component,
    });
    const { response } = await renderForPrerender(app, request, { routeData: route });
    if (response.status !== 200 && route.route !== '/[...tenant]/404')
      throw new Error(`Rendering ${pathname} answered ${response.status}.`);
    const file = pageFile(pathname);
    await mkdir(dirname(join(outDir, file)), { recursive: true });
    await writeFile(join(outDir, file), Buffer.from(await response.arrayBuffer()));
    written.push(file);
  }
  return written;
}
