// The results screen's address and what it shows, as rules the site (its island and the inline
// script that asks for the job early), the build and the server share. No zod here: the inline
// script bundles this file and must stay a few hundred bytes.

/**
 * `/results/{jobId}` or `/{tenant}/results/{jobId}`, a trailing slash allowed, and either under a
 * guest's language code (`/{tenant}/{lang}/results/{jobId}`, contract/i18n/languages.ts).
 */
const RESULTS_PATH = /^(?:\/([^/]+))?(?:\/([a-z]{2}))?\/results\/([^/?#]+)\/?$/;

export interface ResultsAddress {
  /** The tenant's slug, or null for the site's root tenant (or the root tenant's language code). */
  tenant: string | null;
  /** The guest's language code under the tenant, or null for the tenant's own language. */
  language: string | null;
  /** The job id, decoded. */
  jobId: string;
}

/** What a results address names, or null when the path is none (or its id is not decodable). */
export function parseResultsPath(pathname: string): ResultsAddress | null {
  const match = RESULTS_PATH.exec(pathname);
  if (!match) return null;
  try {
    return { tenant: match[1] ?? null, language: match[2] ?? null, jobId: decodeURIComponent(match[3]!) };
  } catch {
    return null;
  }
}

/** The job id of a results address, or null. */
export const jobIdFromPath = (pathname: string) => parseResultsPath(pathname)?.jobId ?? null;

/**
 * The prompt of a job's picture `i`: its own caption when the job has one per picture (several
 * pictures from several styles), else the job's prompt. The sticker rule and the caption read it.
 */
export function promptOf(
  job: { images: readonly string[]; captions?: readonly string[] | null; prompt: string },
  i: number,
): string {
  return job.captions?.length === job.images.length ? job.captions[i]! : job.prompt;
}

/** Display copies are used only when there is one per image; otherwise none at all. */
export function previewsFor(
  images: readonly string[],
  previews: readonly string[] | null | undefined,
): readonly string[] | null {
  return previews && previews.length > 0 && previews.length === images.length ? previews : null;
}

/**
 * The results screen's own texts beside the spec's: a result that is gone (deleted on request, or
 * expired) shown in the tenant's branding with a short heading and the way to a new photo, and
 * what the visitor reads while the picture is made (waiting is the thing to do: it shows by itself).
 */
export const RESULTS_TEXT = {
  goneHeading: 'This picture is gone',
  gone: 'Pictures are kept for a limited time, and deleted sooner when asked. Take a photo to make a new one.',
  noJobHeading: 'No picture here',
  noJob: 'This address has no picture to show. Take a photo to start one.',
  takePhoto: 'Take a photo',
  making: 'Your picture is being made. Stay here: it shows up by itself in a few seconds.',
} as const;
