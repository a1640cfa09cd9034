// Several pictures per guest (a tenant's picturesPerGuest): one job, one photo, up to four
// pictures in its images. A generative style makes that many samples, each with a seed of its
// own, sent together and held to the provider's limit of jobs in flight by its own line
// (remote-engines.ts); a local style makes the picked style, then the tenant's set of local styles
// (pictureStyles, else its styles), one picture each, on the CPU pool.
import crypto from 'node:crypto';
import { PICTURES_PER_GUEST_MAX } from '../../contract/event-kit.ts';
import type { JobFrame } from '../brand/frames.ts';
import type { StyleDefinition } from '../engine/styles-file.ts';

/** How many pictures a job makes: its tenant's picturesPerGuest, 1 without one. */
export const picturesOf = (frame: JobFrame | null | undefined): number =>
  Math.max(1, Math.min(PICTURES_PER_GUEST_MAX, Math.trunc(frame?.pictures ?? 1)));

/** `count` different seeds, one per sample, so that no two samples come out the same. */
export function distinctSeeds(count: number): number[] {
  const seeds = new Set<number>();
  while (seeds.size < count) seeds.add(crypto.randomInt(2 ** 31));
  return [...seeds];
}

/**
 * The local styles of a guest's pictures: the one picked first, then the tenant's set in its
 * order (local styles the booth offers only, each once), at most `count`. Without a set, the
 * styles the booth offers, in their order.
 */
export function pictureStyleIds(
  picked: string,
  wanted: readonly string[] | undefined,
  offered: ReadonlyMap<string, StyleDefinition> | undefined,
  count: number,
): string[] {
  const candidates = wanted && wanted.length > 0 ? wanted : [...(offered?.keys() ?? [])];
  const local = (id: string) => offered?.get(id)?.engine === 'local';
  return [...new Set([picked, ...candidates.filter(local)])].slice(0, count);
}
