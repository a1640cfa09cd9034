// One line per event on stdout. Never pass photo data, tokens or passwords here.
export function log(message: string) {
  process.stdout.write(`${new Date().toISOString()} ${message}\n`);
}

export function logError(message: string, error?: unknown) {
  const detail = error instanceof Error ? (error.stack ?? error.message) : error === undefined ? '' : String(error);
  process.stderr.write(`${new Date().toISOString()} ${message}${detail ? `: ${detail}` : ''}\n`);
}
