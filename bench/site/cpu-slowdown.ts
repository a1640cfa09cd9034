// How much Lighthouse slows this host's CPU to make its simulated phone. Lighthouse's default is
// a constant 4x, chosen for a high-end desktop host: on a slower host the same 4x makes a slower
// phone, so a screen scores lower on a slow day with nothing changed. Lighthouse's throttling
// guide ("Calibrating the CPU slowdown") gives the slowdown for a host by its benchmark index,
// so that every host simulates the same phone: 1x at 150, 2x at 800, 3x at 1300, 4x at 1533 and
// one more for each further 233. `BENCH_SITE_CPU=calibrated` measures the index just before each
// Lighthouse run, with Lighthouse's own benchmark, and runs it with that slowdown.
import { chromium } from 'playwright';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** [benchmark index, slowdown] points of the guide's calibration, joined by straight lines. */
const POINTS: readonly (readonly [number, number])[] = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
];
/** Past the last point the guide adds one to the slowdown for each further 233 of the index. */
const INDEX_PER_STEP_ABOVE = 233;

/** The slowdown that makes a host of benchmark index `index` simulate Lighthouse's reference phone. */
export function cpuSlowdownFor(index: number): number {
  // No measure is no licence for an unthrottled phone.
  if (!Number.isFinite(index))
    throw new Error(`the host's benchmark index is ${index}: no CPU slowdown follows from it`);
  if (index <= POINTS[0]![0]) return 1;
  const [lastIndex, lastSlowdown] = POINTS[POINTS.length - 1]!;
  if (index >= lastIndex) return lastSlowdown + (index - lastIndex) / INDEX_PER_STEP_ABOVE;
  const upper = POINTS.findIndex(([at]) => at >= index);
  const [x0, y0] = POINTS[upper - 1]!;
  const [x1, y1] = POINTS[upper]!;
  return y0 + ((index - x0) / (x1 - x0)) * (y1 - y0);
}

/** Lighthouse's benchmark index of this host now, run in a fresh headless Chromium page (about a second). */
export async function hostBenchmarkIndex(chromePath: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    return await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`);
  } finally {
    await browser.close();
  }
}
