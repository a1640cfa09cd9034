// The page under test gets a CPU core to itself. Lighthouse's simulated phone is the page's own
// main-thread time slowed 4x, so any wait on that thread counts four times. On a 2-core host the
// browser process (Lighthouse's screenshots and protocol traffic, about 550 ms of CPU in a styles
// screen's load), its software compositor (about 350 ms), Lighthouse itself and the booth's server
// all run beside the page's renderer: its tasks took about 3x their own CPU time in wall time, and
// a screen whose own work gives a TBT of 50-100 ms scored 75-99 from one run to the next. A phone
// runs that other work on other cores. So the renderer runs on the last core and everything else
// on the others (taskset, util-linux; Chromium's --renderer-cmd-prefix).
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface CoreSplit {
  /** The core the page's renderer runs on. */
  page: number;
  /** The cores everything else runs on, as taskset reads a list ("0" or "0-2"). */
  others: string;
}

/** The split for a host with `cores` cores; none on a single core, where there is nothing to split. */
export function splitCores(cores: number): CoreSplit | null {
  if (cores < 2) return null;
  return { page: cores - 1, others: cores === 2 ? '0' : `0-${cores - 2}` };
}

const hasTaskset = () => spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * This host's split, or null when it has one core or no taskset, or BENCH_SITE_SHARED_CORES=1
 * asks for the page to share the cores as before (to compare the two).
 */
export function hostCoreSplit(): CoreSplit | null {
  if (process.env.BENCH_SITE_SHARED_CORES === '1') return null;
  return hasTaskset() ? splitCores(availableParallelism()) : null;
}

/** Moves a running process, all its threads, onto the split's other cores (the booth's server). */
export function moveToOtherCores(pid: number, split: CoreSplit): void {
  const run = spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', split.others, String(pid)], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`taskset could not move process ${pid}: ${run.stderr.trim()}`);
}

/** How a figure was measured, in words. */
export const splitInWords = (split: CoreSplit | null) =>
  split
    ? `the page's renderer alone on core ${split.page}, the browser, Lighthouse and the server on ${split.others}`
    : "the page sharing the host's cores with the rest (BENCH_SITE_SHARED_CORES, one core, or no taskset)";
