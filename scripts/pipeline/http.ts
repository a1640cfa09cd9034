// The build's calls to the auth, content and AI hosts: a time limit, a size limit, and an
// error that names the host, the call and what to check, instead of "fetch failed".
import { BuildError } from './errors.ts';

export type Fetch = typeof fetch;

export interface Call {
  /** How the host is named in messages, e.g. 'content host'. */
  host: string;
  /** The environment setting that points at the host, for the message. */
  setting: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  maxBytes: number;
}

export interface Answer {
  status: number;
  text: string;
}

/** What a network error means, in words: ECONNREFUSED is "nothing listens there". */
function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code;
  if (code === 'ECONNREFUSED') return 'nothing answers at that address (connection refused)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was closed before the answer came';
  return cause?.message || (error instanceof Error ? error.message : String(error));
}

async function readLimited(response: Response, maxBytes: number, call: Call): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () =>
    new BuildError(
      `The ${call.host} answered ${call.method} ${call.url} with more than ${maxBytes} bytes; raise BOOTH_MAX_RESPONSE_BYTES if that is expected.`,
    );
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function request(call: Call, fetchImpl: Fetch = fetch): Promise<Answer> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  const where = `${call.method} ${call.url}`;
  try {
    const response = await fetchImpl(call.url, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal,
      redirect: 'follow',
    });
    return { status: response.status, text: await readLimited(response, call.maxBytes, call) };
  } catch (error) {
    if (error instanceof BuildError) throw error;
    if (signal.aborted) {
      throw new BuildError(
        `The ${call.host} did not answer ${where} within ${call.timeoutMs} ms. Check that it is running, or raise BOOTH_FETCH_TIMEOUT_MS.`,
      );
    }
    throw new BuildError(
      `Cannot reach the ${call.host} for ${where}: ${reason(error)}. Check that it is running and that ${call.setting} points at it.`,
    );
  }
}

/** The first characters of an answer, on one line, for a message. */
export const excerpt = (text: string, max = 300) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line || '(empty)';
};

/** The answer as JSON, or a BuildError saying the host answered something else. */
export function parseJson(answer: Answer, call: Call): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new BuildError(
      `The ${call.host} answered ${call.method} ${call.url} with something that is not JSON (HTTP ${answer.status}): ${excerpt(answer.text)}. Check that ${call.setting} points at the right service.`,
    );
  }
}

/** A BuildError for an answer whose status is not 2xx. */
export function statusError(answer: Answer, call: Call, advice: string): BuildError {
  return new BuildError(
    `The ${call.host} answered ${call.method} ${call.url} with HTTP ${answer.status}: ${excerpt(answer.text)}. ${advice}`,
  );
}
