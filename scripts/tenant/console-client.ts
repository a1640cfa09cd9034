// The operator console's API as the ops CLI calls it: sign in with the service account, keep the
// session cookie, and turn every failure into one sentence (a booth that is not running, a
// refused sign-in, the API's own error with its field problems).
export class ConsoleError extends Error {
  override name = 'ConsoleError';
}

export interface ConsoleAnswer {
  status: number;
  body: unknown;
  setCookie: string[];
}

type ErrorBody = { error?: string; fields?: Record<string, string[]> };

/** The API's error and each field's problems, one line each. */
function explain(body: unknown, fallback: string): string {
  const { error, fields } = (body ?? {}) as ErrorBody;
  const lines = [error ?? fallback];
  for (const [field, problems] of Object.entries(fields ?? {}))
    for (const p of problems) lines.push(`  ${field}: ${p}`);
  return lines.join('\n');
}

export class ConsoleClient {
  readonly #base: string;
  #cookie = '';

  constructor(boothUrl: string) {
    this.#base = boothUrl.replace(/\/+$/, '');
  }

  async #fetch(method: string, path: string, body?: unknown, raw = false): Promise<ConsoleAnswer> {
    let res: Response;
    try {
      res = await fetch(`${this.#base}/admin/api${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.#cookie ? { cookie: this.#cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      const { cause } = error as { cause?: { code?: string; message?: string } };
      const why = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new ConsoleError(
        `No booth answers at ${this.#base} (${why}). Start it with npm start, or set BOOTH_URL to the booth's address.`,
      );
    }
    const text = await res.text();
    if (raw && res.ok) return { status: res.status, body: text, setCookie: [] };
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new ConsoleError(
        `${this.#base} answered ${res.status} with something other than the booth's API; is BOOTH_URL the booth's address?`,
      );
    }
    return { status: res.status, body: parsed, setCookie: res.headers.getSetCookie() };
  }

  async signIn(username: string, password: string) {
    const res = await this.#fetch('POST', '/session', { username, password });
    if (res.status === 404)
      throw new ConsoleError(`${this.#base} has no operator console; is BOOTH_URL the booth's address?`);
    if (res.status !== 200)
      throw new ConsoleError(
        `Cannot sign in to the console as ${username}: ${explain(res.body, `status ${res.status}`)} Check BOOTH_SERVICE_USERNAME and BOOTH_SERVICE_PASSWORD.`,
      );
    // The session id is in the answer's cookie; fetch keeps none by itself.
    this.#cookie = res.setCookie.map((c) => c.split(';')[0]).join('; ');
  }

  /** The call's body when its status is one of `ok`, else a ConsoleError with the API's sentence. */
  async expect(method: string, path: string, ok: number[], body?: unknown): Promise<unknown> {
    const res = await this.#fetch(method, path, body);
    if (!ok.includes(res.status))
      throw new ConsoleError(explain(res.body, `The booth answered ${res.status} to ${method} ${path}.`));
    return res.body;
  }

  /** A call that answers text (a CSV), else a ConsoleError with the API's sentence. */
  async text(path: string): Promise<string> {
    const res = await this.#fetch('GET', path, undefined, true);
    if (res.status !== 200)
      throw new ConsoleError(explain(res.body, `The booth answered ${res.status} to GET ${path}.`));
    return res.body as string;
  }
}
