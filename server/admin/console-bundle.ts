// The operator console's web app (console/): bundled by esbuild on its first request and kept in
// memory, so `npm start` and `npm run serve` serve it from a fresh clone with no build step, and
// no tenant's static bundle ever carries it. Files are named by their content's hash and cached
// for good; the page naming them is never stored.
import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, stop } from 'esbuild';
import { REPO_ROOT } from '../process/repo-root.ts';

export interface ConsoleFile {
  body: Buffer;
  gzip: Buffer;
  type: string;
}

export interface ConsoleBundle {
  /** The page, naming the hashed files. */
  html: string;
  /** Hashed file name → file. */
  files: Map<string, ConsoleFile>;
}

const ENTRY = path.join(REPO_ROOT, 'console', 'main.tsx');

const hashName = (base: string, ext: string, body: Buffer) =>
  `${base}-${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 12)}.${ext}`;

const page = (script: string, style: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>Booth console</title>
<link rel="stylesheet" href="/admin/assets/${style}">
<script type="module" src="/admin/assets/${script}"></script>
</head>
<body>
<div id="console"><noscript>The booth console needs JavaScript.</noscript></div>
</body>
</html>
`;

export async function buildConsole(): Promise<ConsoleBundle> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    write: false,
    outdir: 'out',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  }).finally(() => stop()); // esbuild's helper process is not needed again: it would sit idle for the server's life.
  const files = new Map<string, ConsoleFile>();
  let script = '';
  let style = '';
  for (const output of result.outputFiles) {
    const body = Buffer.from(output.contents);
    const ext = output.path.endsWith('.css') ? 'css' : 'js';
    const name = hashName('console', ext, body);
    files.set(name, {
      body,
      gzip: zlib.gzipSync(body, { level: 9 }),
      type: ext === 'css' ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
    });
    if (ext === 'css') style = name;
    else script = name;
  }
  return { html: page(script, style), files };
}

/** The bundle, built once on first use; a failed build is tried again on the next request. */
export function consoleBundle(): () => Promise<ConsoleBundle> {
  let pending: Promise<ConsoleBundle> | null = null;
  return () => {
    pending ??= buildConsole().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
