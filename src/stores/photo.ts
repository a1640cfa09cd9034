// The captured photo: a JPEG data URL held in memory only, the spec's "navigation state".
// It survives camera -> styles because Astro's ClientRouter swaps pages without reloading JS.
import { atom } from 'nanostores';

export const $photo = atom<string | null>(null);

export function takePhoto(dataUrl: string) {
  $photo.set(dataUrl);
}

/** 'Retake Photo' discards the photo. */
export function discardPhoto() {
  $photo.set(null);
}
