// `npm start`: the booth on the embedded default. Starts the embedded server (auth, content,
// AI hub, image proxy and static hosting on one port), builds every tenant against it, and
// serves the result. Ctrl-C stops everything; nothing needs deleting before the next start.
// PORT=0 picks a free port. The build's BOOTH_OUT_DIR is the folder the server serves.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PORT, type SiteData } from '../contract/index.ts';
import { DEFAULT_SERVICE_USERNAME } from '../contract/embedded-defaults.ts';
import { SITE_FILE_SETTINGS, SettingsError, fromRoot, readEnv } from '../contract/settings.ts';
import { parseListeningLine, type Listening } from '../server/listen/listening-line.ts';

const root = join(import.meta.dirname, '..');
/** How often the start checks that whoever started it is still there. */
const PARENT_CHECK_MS = 500;
let files: { BOOTH_OUT_DIR: string; BOOTH_SITE_DATA: string };
try {
  files = readEnv(SITE_FILE_SETTINGS, process.env);
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const outDir = fromRoot(root, files.BOOTH_OUT_DIR);
const siteDataFile = fromRoot(root, files.BOOTH_SITE_DATA);
const children = new Set<ChildProcess>();

/**
 * glibc gives each thread that allocates its own memory arena, and libvips (sharp) works on
 * many threads: under a flood of images the arenas hold hundreds of MB that are never given
 * back. Two arenas cost no measurable speed (bench/abuse.ts). An operator's own value wins.
 */
const SERVER_MEMORY = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2' };

function run(script: string, env: Record<string, string>, onLine?: (line: string) => void): ChildProcess {
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    // The IPC channel is how a child learns that this process is gone, even after a kill -9.
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) onLine?.(line);
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code ?? 1)),
  );

let stopping = false;
async function stopAll(code: number): Promise<never> {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all([...children].map(exited));
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));
// npm, or whatever started the booth, gone without a signal for us (killed, or its terminal
// closed): this process now has another parent, and stops everything rather than linger.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stopAll(0);
}, PARENT_CHECK_MS).unref();

// The server names the addresses it listens on (PORT=0 means any free port): http, then HTTPS
// for phones unless BOOTH_HTTPS=off. Each line: the address on this machine, then those on the
// network when it listens on all of them.
// The lines' format and its parser: server/listen/listening-line.ts.
let plain: Listening | null = null;
let secure: Listening | null = null;
const server = run(
  'server/main.ts',
  { PORT: process.env.PORT ?? String(DEFAULT_PORT), BOOTH_SITE_DIR: outDir, ...SERVER_MEMORY },
  (line) => {
    const listening = parseListeningLine(line);
    if (listening?.scheme === 'https') secure = listening;
    if (listening?.scheme === 'http' && !plain) plain = listening;
  },
);
server.once('exit', (code) => {
  if (stopping) return;
  console.error(
    plain
      ? `The embedded server stopped (exit ${code}).`
      : `The embedded server stopped (exit ${code}) before it was ready: see the line above.`,
  );
  void stopAll(code || 1);
});
while (!plain) await new Promise((r) => setTimeout(r, 50));
const { local } = plain as Listening;
// The QR hand-off opens a result on a phone: on the booth's HTTPS network address, unless set.
const phoneSite = (secure as Listening | null)?.network[0];
const hosts = {
  BOOTH_AUTH_HOST: local,
  BOOTH_CONTENT_HOST: local,
  BOOTH_AI_HOST: local,
  ...(phoneSite ? { BOOTH_PUBLIC_SITE_URL: phoneSite } : {}),
};
const buildEnv = Object.fromEntries(Object.entries(hosts).map(([k, v]) => [k, process.env[k] || v]));
const buildCode = await exited(
  run('scripts/build.ts', { ...buildEnv, BOOTH_OUT_DIR: outDir, BOOTH_SITE_DATA: siteDataFile }),
);
// Ctrl-C during the build: stopAll is already ending everything; the build did not fail.
if (stopping) await new Promise(() => {});
if (buildCode !== 0) {
  console.error('The site build failed (see above); stopping the server.');
  await stopAll(1);
}

const site: SiteData = JSON.parse(readFileSync(siteDataFile, 'utf8'));
// A person on this machine types localhost; a specific address is printed as it is.
const here = local.replace('//127.0.0.1:', '//localhost:');
console.log(`\nThe booth is ready.\n  ${site.defaultTenant.client || 'Default tenant'}: ${here}/`);
for (const t of site.tenants) console.log(`  ${t.client}: ${here}/${t.slug}/`);
console.log(
  `  The operator console: ${here}/admin/ (sign in as ${process.env.BOOTH_SERVICE_USERNAME || DEFAULT_SERVICE_USERNAME})`,
);
// Phones need HTTPS for the camera; http://localhost (a kiosk on this machine) has it already.
const isLoopback = (url: string) => /^https?:\/\/(127\.|localhost|\[::1\])/.test(url);
const tls = secure as Listening | null;
const phones = tls ? [...tls.network, ...(isLoopback(tls.local) ? [] : [tls.local])] : [];
if (tls && phones.length) {
  console.log(`  Phones on this network: ${phones.map((url) => `${url}/`).join('  ')}`);
  if (/self-signed/.test(tls.note))
    console.log(
      '    (self-signed certificate: each phone shows a warning once; choose to go on. server/README.md says how to use your own.)',
    );
} else if (!tls) {
  const lan = [...(plain as Listening).network, ...(isLoopback(local) ? [] : [local])];
  if (lan.length)
    console.log(
      `  On this network: ${lan.map((url) => `${url}/`).join('  ')} (BOOTH_HTTPS=off: phones get no camera over http)`,
    );
}
console.log('Press Ctrl-C to stop.');
