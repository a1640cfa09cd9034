// An Astro integration for the full build: it keeps the code astro renders the pages with (the
// prerender bundle, which astro deletes after writing the pages) and what astro knows about each
// page (its inline styles, its head scripts), in the folder BOOTH_RENDERER_DIR names. A later
// publish of one tenant renders that tenant's page set with it (render-tenants.ts) in about a
// second, where `astro build` needs tens of seconds before it writes the first page. The pages
// come out of the same code as the full build's, so they are the same bytes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cp, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export const RENDERER_META = 'renderer.json';

/**
 * The installed packages the bundle was made against: it imports astro and React from
 * node_modules, so after an install that changed them it is not used (a full build runs instead).
 */
export function packagesHash(root = process.cwd()): string {
  try {
    return createHash('sha256')
      .update(readFileSync(join(root, 'package-lock.json')))
      .digest('hex')
      .slice(0, 16);
  } catch {
    return 'none';
  }
}

/** What render-tenants.ts needs besides the bundle, written as renderer.json. */
export interface RendererMeta {
  /** packagesHash() when the bundle was made. */
  packages: string;
  /** The bundle's entry file, inside the renderer folder. */
  entry: string;
  /** The origin astro renders static pages at. */
  origin: string;
  /** Each page's inline styles, by astro's page key. */
  pages: { key: string; styles: unknown[] }[];
  /** Scripts integrations add to every page's head. */
  scripts: { stage: string; content: string }[];
}

interface BuildOptionsSeen {
  origin: string;
  allPages: Record<string, { key: string; styles: unknown[] }>;
  settings: { config: { outDir: URL }; scripts: { stage: string; content: string }[] };
}

interface Prerenderer {
  name: string;
  app?: { getOptions(): BuildOptionsSeen };
  setup?(): Promise<void>;
  getStaticPaths(): Promise<unknown[]>;
  render(request: Request, options: unknown): Promise<unknown>;
  teardown?(): Promise<void>;
}

/** Where astro writes its prerender bundle (astro/dist/prerender/utils.js: getPrerenderOutputDirectory). */
function prerenderDir(outDir: URL): string {
  const out = fileURLToPath(outDir);
  return out.startsWith(process.cwd()) ? join(out, '.prerender') : join(process.cwd(), '.astro', '.prerender');
}

async function keep(base: Prerenderer, dir: string): Promise<void> {
  const options = base.app!.getOptions();
  // A page-stage script would need astro's bundle map too; none of our integrations adds one.
  if (options.settings.scripts.some((s) => s.stage === 'page'))
    throw new Error('An integration adds a page-stage script; the one-tenant renderer cannot keep it.');
  const from = prerenderDir(options.settings.config.outDir);
  const entry = (await readdir(from)).find((name) => name.startsWith('prerender-entry'));
  if (!entry) throw new Error(`No prerender entry in ${from}.`);
  await cp(from, dir, { recursive: true });
  const meta: RendererMeta = {
    packages: packagesHash(),
    entry,
    origin: options.origin,
    pages: Object.values(options.allPages).map(({ key, styles }) => ({ key, styles })),
    scripts: options.settings.scripts.map(({ stage, content }) => ({ stage, content })),
  };
  await writeFile(join(dir, RENDERER_META), JSON.stringify(meta));
}

export function keepRenderer(dir: string | undefined): AstroIntegration {
  return {
    name: 'booth:keep-renderer',
    hooks: {
      'astro:build:start': ({ setPrerenderer }) => {
        if (!dir) return;
        setPrerenderer(
          ((base: Prerenderer): Prerenderer => ({
            name: 'booth:keep-renderer',
            async setup() {
              await base.setup?.();
              await keep(base, dir);
            },
            getStaticPaths: () => base.getStaticPaths(),
            render: (request, options) => base.render(request, options),
            teardown: () => base.teardown?.() ?? Promise.resolve(),
          })) as never,
        );
      },
    },
  };
}
