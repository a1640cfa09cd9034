// Putting a finished build in place. Everything is written next to its final place first and
// renamed over it at the end, so a failed build leaves the previous dist/ and
// tenants.generated.json exactly as they were.
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { trackStaged, untrackStaged } from './interrupt.ts';

/** A sibling path for work in progress: same folder, so the final rename never copies. */
export function stagingPath(target: string, purpose: string): string {
  const path = join(dirname(target), `.${basename(target)}.${purpose}-${process.pid}-${Date.now().toString(36)}`);
  // Work in progress goes if the build is stopped; an 'old' copy is the previous site and stays.
  if (purpose === 'building') trackStaged(path);
  return path;
}

export async function ensureParent(target: string): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
}

/** Moves `fresh` to `target`, replacing what was there; on a failed move the old one is put back. */
export async function replaceDir(fresh: string, target: string): Promise<void> {
  const old = stagingPath(target, 'old');
  let hadOld = false;
  try {
    await rename(target, old);
    hadOld = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await rename(fresh, target);
  } catch (error) {
    if (hadOld) await rename(old, target);
    throw error;
  }
  if (hadOld) await rm(old, { recursive: true, force: true });
}

/** rename() replaces a file in one step: readers see the old file or the new one, never half. */
export async function replaceFile(fresh: string, target: string): Promise<void> {
  await rename(fresh, target);
}

export async function discard(...paths: string[]): Promise<void> {
  await Promise.all(paths.map((p) => rm(p, { recursive: true, force: true })));
  for (const p of paths) untrackStaged(p);
}

/** Files every build writes into the site's root: a folder holding both is one of ours. */
export const BUILD_MARKERS = ['_redirects', 'booth.nginx.conf'] as const;

/**
 * Why the build must not replace `outDir`, or null. It replaces the folder whole, so only a new
 * or empty folder or one an earlier build made may be used: pointed at src/ or ~/Documents by a
 * typo, it would throw their files away.
 */
export async function outDirProblem(outDir: string): Promise<string | null> {
  let entries: string[];
  try {
    entries = await readdir(outDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ENOTDIR') return `${outDir} is a file, not a folder`;
    throw error;
  }
  if (entries.length === 0 || BUILD_MARKERS.every((name) => entries.includes(name))) return null;
  const shown = entries.slice(0, 3).join(', ') + (entries.length > 3 ? ', …' : '');
  return `${outDir} holds files no earlier build made (${shown}), and the build replaces the folder whole`;
}
