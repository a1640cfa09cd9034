// The styles tried with the photo in memory (a tenant's triesPerGuest, contract/event-kit.ts):
// counted against the photo itself, so a new photo (Retake, Take Another Photo) starts afresh
// without the camera's code knowing of it, and a kiosk's next guest, a new page load, too.
import { atom } from 'nanostores';

export const $tries = atom<{ photo: string | null; jobs: number }>({ photo: null, jobs: 0 });

/** Jobs started from this photo so far (0 for a photo not yet used). */
export function jobsFrom(photo: string | null): number {
  const tries = $tries.get();
  return photo !== null && tries.photo === photo ? tries.jobs : 0;
}

/** A job was started from this photo. */
export function countJob(photo: string) {
  $tries.set({ photo, jobs: jobsFrom(photo) + 1 });
}

/**
 * Further styles the photo may still be tried in: the first job is the guest's picture, each one
 * after it a try. Never below 0.
 */
export function triesLeft(photo: string | null, triesPerGuest: number): number {
  const jobs = jobsFrom(photo);
  return jobs === 0 ? triesPerGuest : Math.max(0, triesPerGuest - (jobs - 1));
}
