// `npm test`: every test (unit, integration, e2e in real Chromium). Finds the Debian programs
// the tests drive, installs them when it may (root with apt-get), else says what to install.
// Extra arguments go to Vitest: `npm test -- --project unit`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const resultsFile = join(root, '.test-runs', 'vitest-results.json');

interface Program {
  what: string;
  env: string;
  paths: string[];
  debianPackage: string;
}
const PROGRAMS: Program[] = [
  { what: 'a Chromium browser', env: 'CHROMIUM_PATH', paths: ['/usr/bin/chromium'], debianPackage: 'chromium' },
  { what: 'nginx', env: 'NGINX_PATH', paths: ['/usr/sbin/nginx'], debianPackage: 'nginx-light' },
  { what: 'a Redis server', env: 'REDIS_PATH', paths: ['/usr/bin/redis-server'], debianPackage: 'redis-server' },
  { what: "Info-ZIP's unzip", env: 'UNZIP_PATH', paths: ['/usr/bin/unzip'], debianPackage: 'unzip' },
];

const find = (p: Program) => [process.env[p.env], ...p.paths].find((f) => f && existsSync(f));

function ensure(programs: Program[]): void {
  const missing = programs.filter((p) => !find(p));
  if (missing.length === 0) return;
  const packages = missing.map((p) => p.debianPackage);
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version']).status === 0;
  if (canInstall) {
    console.log(`Installing ${packages.join(', ')} from Debian (needed by the browser, nginx and scale-out tests)...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
    if (install && install.status === 0 && missing.every(find)) return;
  }
  for (const p of missing.filter((m) => !find(m))) {
    console.error(
      `No ${p.what} found: install Debian's ${p.debianPackage} (apt-get install ${p.debianPackage}) or set ${p.env}.`,
    );
  }
  process.exit(1);
}

ensure(PROGRAMS);
for (const p of PROGRAMS) process.env[p.env] = find(p);
mkdirSync(join(root, '.test-runs'), { recursive: true });

// Formatting and lint rules first, then types (astro check covers .astro, .ts and .tsx): a whole
// run only, not `npm test -- FILE`.
if (process.argv.length <= 2) {
  const lint = spawnSync(
    process.execPath,
    [join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome'), 'ci', '.'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (lint.status !== 0) {
    console.error(
      '\ntests: 0 passed, 1 failed (`npm run lint` found problems; `npm run format` fixes the formatting ones)',
    );
    process.exit(1);
  }
  const check = spawnSync(process.execPath, [join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'check'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (check.status !== 0) {
    console.error('\ntests: 0 passed, 1 failed (astro check found type errors; see above)');
    process.exit(1);
  }
}

const vitest = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: process.env },
);

// One plain closing line, whatever the reporter printed above it.
try {
  const r = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  // A file that fails before any test runs (import error, failing hook) counts as a failure too.
  const brokenFiles = r.testResults.filter(
    (f: { status: string; assertionResults: { status: string }[] }) =>
      f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  // An error outside any test (an unhandled rejection, a crash in a hook's timer) fails the run
  // too: Vitest exits non-zero for it even when every test passed, and the line says so.
  const outside = vitest.status !== 0 && r.numFailedTests + brokenFiles === 0 ? 1 : 0;
  const failed = r.numFailedTests + brokenFiles + outside;
  const why = outside ? ' (Vitest reported an error outside the tests; see above)' : '';
  console.log(`\ntests: ${r.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${why}`);
} catch {
  console.log('\ntests: the results file was not written (see the output above)');
}
process.exit(vitest.status ?? 1);
