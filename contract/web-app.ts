// The files that make a tenant's page set an installable web app, at the tenant's root (/ for
// the default tenant, /{slug}/ for the others): written by the build (scripts/pipeline/web-app.ts,
// service-worker.ts), linked by the pages, served by every host. Top-level names, so SITE_PATHS
// keeps tenant slugs off them.
export const WEB_APP_FILES = {
  manifest: 'manifest.webmanifest',
  worker: 'sw.js',
  iconsDir: 'icons',
  appleTouchIcon: 'icons/apple-touch-icon.png',
} as const;
