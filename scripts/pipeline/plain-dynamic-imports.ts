// A Vite plugin for the site's build: a dynamic import() in the pages' code is a plain import().
// Vite wraps each one in a helper that preloads the imported chunk's own imports and stylesheets
// before it; that helper is 1.7 KB (0.8 KiB gzip) on every page with a dynamic import, as much as
// the parts the site loads lazily (the camera's problem texts, the results screen's email form)
// weigh. The site's lazy chunks are small and have few imports of their own, which the browser
// fetches as it reads them. Stylesheets are still loaded before the chunk that needs them: of
// the files Vite hands the helper, it loads those and leaves the scripts to the import.
import type { Plugin } from 'vite';

const HELPER_ID = '\0vite/preload-helper.js';

// The site is served from its root ('/'), where Vite's file names are relative to.
const HELPER = `export const __vitePreload = (load, files) => {
  const styles = (files || []).filter((file) => file.endsWith('.css'));
  return styles.length
    ? Promise.all(
        styles.map(
          (href) =>
            new Promise((loaded, failed) => {
              const link = document.createElement('link');
              link.rel = 'stylesheet';
              link.href = '/' + href;
              link.onload = loaded;
              link.onerror = () => failed(new Error('Unable to load ' + href));
              document.head.append(link);
            }),
        ),
      ).then(load)
    : load();
};`;
export function plainDynamicImports(): Plugin {
  return {
    name: 'booth:plain-dynamic-imports',
    enforce: 'pre',
    resolveId: (id) => (id === HELPER_ID ? id : undefined),
    load: (id) => (id === HELPER_ID ? HELPER : undefined),
  };
}
