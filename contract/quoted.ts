// How a message shows a value someone sent: quoted, and cut to a short excerpt, so that an error
// never echoes a megabyte back (or into a log) and a person still recognises what they sent.

/** Characters of a value a message shows before cutting it with an ellipsis. */
export const EXCERPT_CHARS = 60;

export function quoted(value: string, max = EXCERPT_CHARS): string {
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
}
