// A build failure a person can act on: the message is the whole story, printed without a stack.
export class BuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BuildError';
  }
}

/** The message with every secret replaced, so no password or token reaches a log. */
export function redact(message: string, secrets: Iterable<string | undefined>): string {
  let out = message;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}
