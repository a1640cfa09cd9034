// How the booth learns that a ComfyUI job ended. ComfyUI tells the client that queued a prompt
// over its websocket (GET /ws?clientId=…, the client_id sent with the prompt): execution_start,
// executing {node} for each node, progress {value, max}, executed {node, output} when a node shows
// images, then execution_success and executing {node: null} at the end, or execution_error /
// execution_interrupted. Every message names its prompt_id. The socket is opened before the prompt
// is queued, so that no message is missed. When it cannot open (a proxy in front of ComfyUI that
// does not pass websockets), the booth asks GET /history/{prompt_id} until the job is there.
import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError } from './provider.ts';

/** How long the websocket may take to open before the job is followed through the history instead. */
export const WEBSOCKET_OPEN_TIMEOUT_MS = 5_000;
/** How often the history is asked while the job runs, when there is no websocket. */
export const HISTORY_POLL_INTERVAL_MS = 500;

interface Message {
  type: string;
  data: Record<string, unknown>;
}

export interface JobEvents {
  /** True once the websocket is open; false when it could not open (then follow the history). */
  readonly ready: Promise<boolean>;
  /**
   * Resolves when the prompt has ended well, with the outputs of the nodes that showed images
   * (`executed` messages, by node id); rejects with a ProviderError when it failed or the socket
   * dropped, or with the signal's reason when the job is aborted.
   */
  follow(promptId: string): Promise<Record<string, unknown>>;
  close(): void;
}

export function openJobEvents(url: URL, WebSocketClass: typeof WebSocket, signal: AbortSignal): JobEvents {
  const received: Message[] = [];
  let opened = false;
  let closed = false;
  let listener: (() => void) | null = null;
  let socket: WebSocket | null = null;

  let settleReady: (open: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => (settleReady = resolve));
  const openTimer = setTimeout(() => close(), WEBSOCKET_OPEN_TIMEOUT_MS);

  function close(): void {
    clearTimeout(openTimer);
    signal.removeEventListener('abort', close);
    settleReady(false);
    if (!closed) {
      closed = true;
      try {
        socket?.close();
      } catch {
        // Closing a socket that is still connecting can throw in some clients; it is going anyway.
      }
    }
    listener?.();
  }

  try {
    socket = new WebSocketClass(url);
    socket.binaryType = 'arraybuffer';
  } catch {
    close();
  }
  socket?.addEventListener('open', () => {
    clearTimeout(openTimer);
    opened = true;
    settleReady(true);
  });
  socket?.addEventListener('message', (event: MessageEvent) => {
    // Binary frames are previews of the picture being made: not needed.
    if (typeof event.data !== 'string') return;
    try {
      const message = JSON.parse(event.data) as Message;
      if (typeof message?.type !== 'string' || typeof message.data !== 'object' || message.data === null) return;
      received.push(message);
      listener?.();
    } catch {
      // A text frame that is not JSON tells nothing about the job.
    }
  });
  socket?.addEventListener('close', () => {
    closed = true;
    close();
  });
  socket?.addEventListener('error', () => close());
  signal.addEventListener('abort', close, { once: true });

  function follow(promptId: string): Promise<Record<string, unknown>> {
    const outputs: Record<string, unknown> = {};
    let seen = 0;
    return new Promise((resolve, reject) => {
      listener = () => {
        if (signal.aborted) return reject(signal.reason);
        for (; seen < received.length; seen++) {
          const { type, data } = received[seen];
          if (data.prompt_id !== promptId) continue;
          if (type === 'executed' && typeof data.node === 'string') {
            outputs[data.node] = data.output;
          } else if (type === 'execution_success' || (type === 'executing' && data.node === null)) {
            return resolve(outputs);
          } else if (type === 'execution_error' || type === 'execution_interrupted') {
            return reject(executionFailure(type, data));
          }
        }
        if (closed) {
          reject(
            new ProviderError(
              'unavailable',
              opened
                ? `The websocket to ComfyUI (${url.origin}) closed while prompt ${promptId} was running.`
                : `The websocket to ComfyUI (${url.origin}) is not open.`,
            ),
          );
        }
      };
      listener();
    }).finally(() => {
      listener = null;
    }) as Promise<Record<string, unknown>>;
  }

  return { ready, follow, close };
}

/** The sentence for ops of an execution_error or execution_interrupted message, or of a history's failed status. */
export function executionFailure(type: string, data: Record<string, unknown>): ProviderError {
  const node = `node ${String(data.node_id ?? '?')}${typeof data.node_type === 'string' ? ` (${data.node_type})` : ''}`;
  if (type === 'execution_interrupted') {
    return new ProviderError(
      'failed',
      `ComfyUI interrupted the job at ${node}: someone cancelled it on the ComfyUI box.`,
    );
  }
  const exception = [data.exception_type, data.exception_message]
    .filter((part) => typeof part === 'string' && part.trim() !== '')
    .map((part) => (part as string).trim())
    .join(': ');
  return new ProviderError('failed', `ComfyUI failed at ${node}${exception ? `: ${exception}` : '.'}`);
}

/**
 * The outputs of a prompt from GET /history/{prompt_id}, asked until the prompt is there (ComfyUI
 * writes a prompt's history when it ends, just before executing {node: null}). `ask` makes one
 * request and returns the parsed body.
 */
export async function historyOutputs(
  promptId: string,
  ask: () => Promise<unknown>,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  for (;;) {
    const history = (await ask()) as Record<string, unknown> | null;
    const entry =
      history && typeof history === 'object' ? (history[promptId] as Record<string, unknown> | undefined) : undefined;
    if (entry && typeof entry === 'object') {
      const status = entry.status as { status_str?: unknown; messages?: unknown } | null | undefined;
      if (status?.status_str === 'error') {
        const messages = Array.isArray(status.messages) ? (status.messages as unknown[]) : [];
        const failure = messages.find(
          (message): message is [string, Record<string, unknown>] =>
            Array.isArray(message) && (message[0] === 'execution_error' || message[0] === 'execution_interrupted'),
        );
        throw failure
          ? executionFailure(failure[0], failure[1] ?? {})
          : new ProviderError('failed', `ComfyUI ended prompt ${promptId} with an error.`);
      }
      const outputs = entry.outputs;
      return typeof outputs === 'object' && outputs !== null ? (outputs as Record<string, unknown>) : {};
    }
    await sleep(HISTORY_POLL_INTERVAL_MS, undefined, { signal });
  }
}
