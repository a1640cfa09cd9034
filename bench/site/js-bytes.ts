// The JavaScript a page makes the browser run at load: its module scripts, its islands'
// component and renderer modules, everything they import statically, and its inline scripts.
// Dynamic imports are left out: they load later, if at all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageJs {
  files: string[];
  raw: number;
  gzip: number;
  /** Whether React (the framework) is among the files. */
  framework: boolean;
}

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

function entryUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g))
    if (m[1]) urls.add(m[1]);
  return [...urls];
}

function staticImports(code: string): string[] {
  const found: string[] = [];
  // import{..}from"./x.js"   import"./x.js"   export{..}from"./x.js"  (minified output)
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) found.push(m[1]);
  return found;
}

export function pageJs(distDir: string, htmlFile: string): PageJs {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const seen = new Set<string>();
  const queue = entryUrls(html).map((u) => new URL(u, 'http://site/').pathname);
  let raw = 0;
  let gzip = 0;
  while (queue.length) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(join(distDir, path));
    raw += code.length;
    gzip += gz(code);
    for (const dep of staticImports(code.toString('utf8'))) queue.push(new URL(dep, `http://site${path}`).pathname);
  }
  // Inline scripts travel inside the HTML, which is compressed as one document: what they cost
  // is what they add to the compressed page, not what each would weigh compressed on its own.
  const inline = /(<script(?![^>]*\bsrc=)[^>]*>)([\s\S]*?)(<\/script>)/g;
  for (const m of html.matchAll(inline)) raw += Buffer.byteLength(m[2]);
  gzip += Math.max(0, gz(html) - gz(html.replace(inline, '$1$3')));
  const files = [...seen];
  const framework = files.some(
    (f) =>
      /react|jsx-runtime/i.test(readFileSync(join(distDir, f), 'utf8').slice(0, 100_000)) &&
      /createRoot|hydrateRoot|useState/.test(readFileSync(join(distDir, f), 'utf8')),
  );
  return { files, raw, gzip, framework };
}
