// What a failed AI-hub call becomes: words a visitor can act on, for the root error view.
// Kept apart from the client (ai-hub.ts) so a screen can show errors without loading zod.

/** The network failed or the call timed out: the visitor's connection is the likely cause. */
export const UNREACHABLE_MESSAGE = "We can't reach the booth right now. Check your connection and try again.";
/** The booth answered, but with a server error and no sentence of its own, or with nonsense. */
export const SERVER_TROUBLE_MESSAGE = 'The booth is having trouble right now. Please try again in a minute.';

export class AiHubError extends Error {
  /** Shown as the heading of the root error view when set (the spec's "status text"). */
  readonly statusText: string;
  readonly status: number;
  /** The hub's sentence for each of a style's inputs it refused (contract/style-inputs.ts), by input name. */
  readonly fields: Readonly<Record<string, string>>;
  constructor(message: string, status = 0, statusText = '', fields: Record<string, string> = {}) {
    super(message);
    this.name = 'AiHubError';
    this.status = status;
    this.statusText = statusText;
    this.fields = fields;
  }
}

/**
 * The heading of the root error view: the error's status text, or else its message. With the
 * page's texts (contract/i18n/), the site's own sentences are told in the page's language.
 */
export function errorHeading(error: unknown, site?: { unreachable: string; serverTrouble: string }): string {
  const heading =
    error instanceof AiHubError
      ? error.statusText || error.message
      : error instanceof Error && error.message
        ? error.message
        : UNREACHABLE_MESSAGE;
  if (!site) return heading;
  return heading === UNREACHABLE_MESSAGE
    ? site.unreachable
    : heading === SERVER_TROUBLE_MESSAGE
      ? site.serverTrouble
      : heading;
}

/**
 * Whether asking again may help: the network failed, or the server had trouble (5xx). A 4xx
 * (no such job, a bad request) will answer the same.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof AiHubError) return error.status === 0 || error.status >= 500;
  return true;
}
