// The booth site: one static page set per tenant, branding baked in at build time.
// Settings come from the environment so the build pipeline (scripts/build.ts) can point the
// site at a temporary output folder and a temporary site-data file, then swap on success.
//   BOOTH_OUT_DIR    where the pages go (default dist)
//   BOOTH_SITE_DATA  the SiteData file the pages read (default tenants.generated.json)
//   BOOTH_ROOT_TENANT  build only this tenant, served from the root (per-tenant bundles)
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  output: 'static',
  outDir: process.env.BOOTH_OUT_DIR || 'dist',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  integrations: [react()],
  // Prefetching would start camera/styles pages early; the booth has few screens and the
  // visitor clicks through them in order, so hover prefetch is enough.
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  devToolbar: { enabled: false },
});
