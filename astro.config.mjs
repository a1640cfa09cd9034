// The booth site: one static page set per tenant, branding baked in at build time.
// Settings come from the environment so the build pipeline (scripts/build.ts) can point the
// site at a temporary output folder and a temporary site-data file, then swap on success.
//   BOOTH_OUT_DIR    where the pages go (default dist)
//   BOOTH_SITE_DATA  the SiteData file the pages read (default tenants.generated.json)
//   BOOTH_ROOT_TENANT  build only this tenant, served from the root (per-tenant bundles)
//   BOOTH_RENDERER_DIR keep the page renderer there, for one-tenant publishes (scripts/pipeline/keep-renderer.ts)
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { keepRenderer } from './scripts/pipeline/keep-renderer.ts';
import { plainDynamicImports } from './scripts/pipeline/plain-dynamic-imports.ts';

/** `client:after-first-picture`: the results and styles islands hydrate once their first pictures are painted (src/directives/). */
function afterFirstPicture() {
  return {
    name: 'booth-after-first-picture',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) =>
        addClientDirective({
          name: 'after-first-picture',
          entrypoint: fileURLToPath(new URL('./src/directives/after-first-picture.ts', import.meta.url)),
        }),
    },
  };
}

export default defineConfig({
  output: 'static',
  outDir: process.env.BOOTH_OUT_DIR || 'dist',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [react(), keepRenderer(process.env.BOOTH_RENDERER_DIR), afterFirstPicture()],
  // No prefetch: it ships ~1.2 KB of JS on every page (the camera page's budget is 80 KB gzip)
  // and the booth's pages are small static files that load at once anyway.
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [plainDynamicImports()],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  // What every island page loads, in one file (one file compresses better than
                  // several; the camera page's budget is 80 KB gzip): React, React DOM, the React
                  // renderer, the texts, constants and paths every island uses, the kiosk check and
                  // browser-only values the islands read, and the dynamic-import helper.
                  {
                    name: 'react',
                    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]|vite[\\/]preload-helper|[\\/](contract[\\/](constants|event-kit)|src[\\/]lib[\\/](paths|kiosk-here|client-value))\.ts$/,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
