// A tenant's backdrops for the branded-scene style: up to MAX_BACKDROPS photos of its venue or
// set, uploaded in the console (branding `sceneUrls`, in the tenant's order). A tenant saved
// before there were several keeps its one `sceneUrl`, read as the first. With two or more, the
// styles screen offers each backdrop as its own tile and the job names the one picked
// (`backdrop` on the create call, its place in the list). Pure: the build, the pages, the
// console and the server apply one rule.

/** More would crowd the styles screen; an event sells a handful of sets at most. */
export const MAX_BACKDROPS = 4;

/** The local style that places the guest into a backdrop. */
export const BACKDROP_STYLE_ID = 'branded-scene';

// A bucket name never starts with '/' and is no URL: the server reads only the tenant's own files.
const isBucketName = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && !value.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(value);

/**
 * The backdrops a job can be placed into, in the tenant's order: image names in the tenant
 * bucket. `sceneUrls` when the branding has it, else its one `sceneUrl` (site data and specs
 * written before there were several).
 */
export function backdropsOf(branding: { sceneUrls?: readonly unknown[]; sceneUrl?: unknown }): string[] {
  const listed = Array.isArray(branding.sceneUrls) ? branding.sceneUrls : [branding.sceneUrl];
  return listed.filter(isBucketName).slice(0, MAX_BACKDROPS);
}

/** Why a create call's `backdrop` cannot name one of a tenant's backdrops, as the sentence of a 400; null when it can. */
export function backdropProblem(value: unknown): string | null {
  if (value === undefined) return null;
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < MAX_BACKDROPS
    ? null
    : `backdrop must be the place of one of the tenant's backdrops, a whole number from 0 to ${MAX_BACKDROPS - 1}. Leave it out for the first.`;
}

/** The backdrop a job is placed into: the one picked, else (none picked, or no longer offered) the first. */
export const pickedBackdrop = (backdrops: readonly string[], picked: number | undefined): string | undefined =>
  backdrops[picked ?? 0] ?? backdrops[0];

/** The name of a backdrop's tile on the styles screen: the style's, and its place when there are several. */
export const backdropTileName = (styleDescription: string, index: number) => `${styleDescription} ${index + 1}`;
