// Putting a finished build in place. Everything is written next to its final place first and
// renamed over it at the end, so a failed build leaves the previous dist/ and
// tenants.generated.json exactly as they were.
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A sibling path for work in progress: same folder, so the final rename never copies. */
export function stagingPath(target: string, purpose: string): string {
  return join(dirname(target), `.${basename(target)}.${purpose}-${process.pid}-${Date.now().toString(36)}`);
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
}
