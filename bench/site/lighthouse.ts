// Lighthouse (mobile, performance only) on one page, through its CLI in a child process, on
// Debian's Chromium. Returns the score (0-100) and the metrics it was made of.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CoreSplit } from './page-core.ts';

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the host's CPU (higher is faster; it warns below 1000): scores fall on a slow host. */
  benchmarkIndex: number;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
].join(' ');

function lighthouseCli(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('lighthouse/package.json')), 'cli', 'index.js');
}

/**
 * `reportPath`: where to keep the run's whole Lighthouse JSON, if anywhere. `split`: the page's
 * renderer on a core of its own, Lighthouse and the browser (its child) on the others (page-core.ts).
 */
export function runLighthouse(
  url: string,
  reportPath?: string,
  split: CoreSplit | null = null,
  chromePath = process.env.CHROME_PATH || '/usr/bin/chromium',
): Promise<LighthouseRun> {
  return new Promise((resolve, reject) => {
    const flags = split ? `${CHROME_FLAGS} --renderer-cmd-prefix="taskset --cpu-list ${split.page}"` : CHROME_FLAGS;
    const lighthouse = [
      lighthouseCli(),
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance',
      `--chrome-flags=${flags}`,
    ];
    const [command, args] = split
      ? ['taskset', ['--cpu-list', split.others, process.execPath, ...lighthouse]]
      : [process.execPath, lighthouse];
    const child = spawn(command, args, {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0)
        return reject(new Error(`lighthouse exited ${code}: ${err.trim().split('\n').slice(-3).join(' ')}`));
      try {
        const lhr = JSON.parse(out);
        if (reportPath) {
          mkdirSync(dirname(reportPath), { recursive: true });
          writeFileSync(reportPath, out);
        }
        const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
        resolve({
          score: Math.round(lhr.categories.performance.score * 100),
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          benchmarkIndex: Math.round(Number(lhr.environment?.benchmarkIndex ?? NaN)),
        });
      } catch (error) {
        reject(new Error(`lighthouse gave no report: ${(error as Error).message}`));
      }
    });
  });
}
