// One line per event on stdout. Never pass photo data, tokens or passwords here.
// Whatever a request put into a line (a path, an id) is shown with its control characters
// escaped: a %0A in a URL cannot forge a second line, an ESC cannot clear the operator's terminal.

// C0 controls, DEL and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

const escapeControl = (char: string) =>
  char === '\n'
    ? '\\n'
    : char === '\r'
      ? '\\r'
      : char === '\t'
        ? '\\t'
        : `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** The text as one safe line. */
export const oneLine = (text: string) => text.replace(CONTROL, escapeControl);

export function log(message: string) {
  process.stdout.write(`${new Date().toISOString()} ${oneLine(message)}\n`);
}

/** A stack keeps its line breaks; anything else a thrown message carried is escaped. */
export function logError(message: string, error?: unknown) {
  const detail = error instanceof Error ? (error.stack ?? error.message) : error === undefined ? '' : String(error);
  process.stderr.write(
    `${new Date().toISOString()} ${oneLine(message)}${detail ? `: ${detail.replace(CONTROL_BUT_NEWLINE, escapeControl)}` : ''}\n`,
  );
}
