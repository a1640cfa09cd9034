// A stand-in for Replicate: its HTTP API (what api.replicate.com/v1 answers) and its file host
// (what replicate.delivery serves), each on a loopback port, for the calls the booth makes, as
// Replicate's HTTP reference describes them:
//   POST /v1/models/{owner}/{name}/predictions, POST /v1/predictions   create (201; Prefer: wait)
//   GET /v1/predictions/{id}, POST /v1/predictions/{id}/cancel         poll, cancel
//   POST /v1/files (multipart "content"), GET and DELETE /v1/files/{id} the photo past 256 KB
// Every call needs "Authorization: Bearer {token}" (401 with Replicate's {title, detail, status}
// otherwise); a prediction's input is checked like a model schema does (422 naming the input); a
// prediction goes starting → processing → its ending over `polls` polls; its output file is a
// real PNG painted from the input photo. Faults per call stand for what the network and Replicate
// do on a bad day. Everything received is kept in `received`, for tests to check what was sent.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkInput, DEFAULT_INPUTS, paint, type ModelInputs } from './replicate-model.ts';

export type Call = 'create' | 'poll' | 'cancel' | 'upload' | 'output';
export type Fault =
  | { kind: 'rate-limited'; retryAfter: string }
  | { kind: 'status'; status: number }
  | { kind: 'reset' }
  | { kind: 'malformed' };
export type Ending = { status: 'succeeded' } | { status: 'failed'; error: string } | { status: 'canceled' };

export interface Behaviour {
  /** Polls answered "starting", then "processing", before the prediction ends. */
  polls: number;
  /** The least time a prediction runs (a slow model), polls or not. */
  runMs: number;
  ending: Ending;
  /** A model's output: one file URL, or a list of them. */
  output: 'url' | 'list';
  /** Where the output file is served: the file host, without a token (as replicate.delivery), or the API host, with one. */
  outputOn: 'delivery' | 'api';
  /** What the output file holds: the painted photo, or text (a model that does not make pictures). */
  outputBody: 'picture' | 'text';
  faults: Partial<Record<Call, Fault>>;
}

const DEFAULT_BEHAVIOUR: Behaviour = {
  polls: 2,
  runMs: 0,
  ending: { status: 'succeeded' },
  output: 'url',
  outputOn: 'delivery',
  outputBody: 'picture',
  faults: {},
};

export const STAND_IN_MODEL = 'acme/restyle';
export const STAND_IN_VERSION = 'c0ffee'.padEnd(64, '42');

export interface Received {
  host: 'api' | 'delivery';
  method: string;
  path: string;
  authorization?: string;
  prefer?: string;
  /** A JSON body, parsed. */
  body?: unknown;
}

export interface StandInPrediction {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  error: string | null;
  output: string | string[] | null;
  polls: number;
  createdAt: number;
  behaviour: Behaviour;
  photo: Buffer;
  /** The bytes of its second image input (the scene), as the model read them. */
  scene?: Buffer;
  finishing?: Promise<void>;
}

export interface StandInFile {
  id: string;
  name: string;
  content: Buffer;
  type: string;
}

export interface ReplicateStandIn {
  /** The API's base URL, as the provider's baseUrl (…/v1). */
  url: string;
  token: string;
  received: Received[];
  predictions: Map<string, StandInPrediction>;
  files: Map<string, StandInFile>;
  /** The behaviour of predictions created and calls made from now on: the defaults with these changes. */
  setBehaviour(changes: Partial<Behaviour>): void;
  /** Default behaviour; nothing received, no prediction, no file. */
  reset(): void;
  close(): Promise<void>;
}

export interface StandInOptions {
  token?: string;
  inputs?: Partial<ModelInputs>;
}

const ENDED = new Set(['succeeded', 'failed', 'canceled']);
const id = () => randomBytes(13).toString('hex');

export async function startReplicateStandIn(options: StandInOptions = {}): Promise<ReplicateStandIn> {
  const token = options.token ?? 'r8_stand-in-token';
  const inputs = { ...DEFAULT_INPUTS, ...options.inputs };
  const received: Received[] = [];
  const predictions = new Map<string, StandInPrediction>();
  const files = new Map<string, StandInFile>();
  const outputs = new Map<string, Buffer>();
  let behaviour = DEFAULT_BEHAVIOUR;

  const api = await listen((req, res, body) => answerApi(req, res, body));
  const delivery = await listen((req, res) => answerDelivery(req, res));
  const base = `${api.origin}/v1`;

  async function answerApi(req: IncomingMessage, res: ServerResponse, raw: Buffer) {
    const path = new URL(req.url ?? '/', api.origin).pathname;
    const json = /^application\/json\b/.test(req.headers['content-type'] ?? '') ? parseJson(raw) : undefined;
    received.push({
      host: 'api',
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      prefer: header(req, 'prefer'),
      body: json,
    });
    if (!req.headers.authorization)
      return problem(res, 401, 'Unauthenticated', 'You did not pass an authentication token');
    if (req.headers.authorization !== `Bearer ${token}`)
      return problem(res, 401, 'Unauthenticated', 'You did not pass a valid authentication token');

    const route = (pattern: RegExp, method: string) => (req.method === method ? pattern.exec(path) : null);
    let m: RegExpExecArray | null;
    if ((m = route(/^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/, 'POST')))
      return fault(req, res, 'create') ?? create(req, res, json, `${m[1]}/${m[2]}`);
    if (route(/^\/v1\/predictions$/, 'POST')) return fault(req, res, 'create') ?? create(req, res, json);
    if ((m = route(/^\/v1\/predictions\/([^/]+)$/, 'GET'))) return fault(req, res, 'poll') ?? poll(res, m[1]);
    if ((m = route(/^\/v1\/predictions\/([^/]+)\/cancel$/, 'POST')))
      return fault(req, res, 'cancel') ?? cancel(res, m[1]);
    if (route(/^\/v1\/files$/, 'POST')) return fault(req, res, 'upload') ?? upload(req, res, raw);
    if ((m = route(/^\/v1\/files\/([^/]+)$/, 'GET')))
      return files.has(m[1])
        ? send(res, 200, fileJson(files.get(m[1]) as StandInFile))
        : problem(res, 404, 'Not found', 'File not found');
    if ((m = route(/^\/v1\/files\/([^/]+)$/, 'DELETE')))
      return files.delete(m[1]) ? void res.writeHead(204).end() : problem(res, 404, 'Not found', 'File not found');
    // The stand-in's own place for output files on the API host (behaviour.outputOn 'api').
    if (route(/^\/v1\/outputs\//, 'GET')) return fault(req, res, 'output') ?? serveOutput(res, path);
    return problem(res, 404, 'Not found', 'The requested resource could not be found.');
  }

  function answerDelivery(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', delivery.origin).pathname;
    received.push({ host: 'delivery', method: req.method ?? '', path, authorization: req.headers.authorization });
    return fault(req, res, 'output') ?? serveOutput(res, path);
  }

  /** Answers with the fault set for this call, if any (undefined: answer normally). */
  function fault(req: IncomingMessage, res: ServerResponse, call: Call): true | undefined {
    const chosen = behaviour.faults[call];
    if (!chosen) return undefined;
    if (chosen.kind === 'reset') req.socket.destroy();
    else if (chosen.kind === 'malformed') send(res, 200, { ok: true });
    else if (chosen.kind === 'status')
      problem(
        res,
        chosen.status,
        chosen.status >= 500 ? 'Internal Server Error' : 'Request failed',
        `Stand-in fault: ${chosen.status}`,
      );
    else {
      // Replicate's documented 429: {"detail":"Request was throttled. Your rate limit resets in ~30s."}
      res.setHeader('Retry-After', chosen.retryAfter);
      send(res, 429, {
        detail: `Request was throttled. Your rate limit resets in ~${Number(chosen.retryAfter) || 30}s.`,
      });
    }
    return true;
  }

  async function create(req: IncomingMessage, res: ServerResponse, body: unknown, model?: string) {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return problem(res, 400, 'Bad request', 'The request body must be a JSON object');
    const fields = body as Record<string, unknown>;
    const allowed = new Set(['input', 'stream', 'webhook', 'webhook_events_filter', ...(model ? [] : ['version'])]);
    const extra = Object.keys(fields).find((key) => !allowed.has(key));
    if (extra)
      return problem(res, 422, 'Input validation failed', `- (root): Additional property ${extra} is not allowed`);
    let version = 'hidden';
    if (model) {
      if (model !== STAND_IN_MODEL) return problem(res, 404, 'Not found', 'The requested resource could not be found.');
    } else {
      // A version is the 64-hex id, alone or after "owner/name:".
      version = String(fields.version ?? '')
        .split(':')
        .pop() as string;
      if (version !== STAND_IN_VERSION)
        return problem(
          res,
          422,
          'Invalid version or not permitted',
          "The specified version does not exist (or perhaps you don't have permission to use it?)",
        );
    }
    const checked = await checkInput(fields.input, inputs, fileAt);
    if ('invalid' in checked) {
      return send(res, 422, {
        title: 'Input validation failed',
        detail: checked.invalid.map((f) => `- ${f.field}: ${f.description}`).join('\n'),
        status: 422,
        invalid_fields: checked.invalid.map((f) => ({ type: 'invalid', ...f })),
      });
    }
    const prediction: StandInPrediction = {
      id: id(),
      model: model ?? STAND_IN_MODEL,
      version,
      input: fields.input as Record<string, unknown>,
      status: 'starting',
      error: null,
      output: null,
      polls: 0,
      createdAt: Date.now(),
      behaviour,
      photo: checked.photo,
      ...(checked.scene ? { scene: checked.scene } : {}),
    };
    predictions.set(prediction.id, prediction);
    // Sync mode: "Prefer: wait" or "wait=n" (1 to 60 s) holds the answer until the prediction ends.
    const wait = /^wait(?:=([1-9]|[1-9][0-9]|60))?$/.exec(header(req, 'prefer') ?? '');
    if (wait) {
      const until = Date.now() + Number(wait[1] ?? 60) * 1000;
      while (!ENDED.has(prediction.status) && !ready(prediction, true) && Date.now() < until && !res.destroyed)
        await sleep(10);
      if (ready(prediction, true)) await finish(prediction);
    }
    send(res, !wait || ENDED.has(prediction.status) ? 201 : 202, predictionJson(prediction));
  }

  async function poll(res: ServerResponse, predictionId: string) {
    const prediction = predictions.get(predictionId);
    if (!prediction) return problem(res, 404, 'Not found', 'The requested resource could not be found.');
    if (!ENDED.has(prediction.status)) {
      prediction.polls += 1;
      if (ready(prediction, false)) await finish(prediction);
      else prediction.status = 'processing';
    }
    send(res, 200, predictionJson(prediction));
  }

  function cancel(res: ServerResponse, predictionId: string) {
    const prediction = predictions.get(predictionId);
    if (!prediction) return problem(res, 404, 'Not found', 'The requested resource could not be found.');
    if (!ENDED.has(prediction.status)) prediction.status = 'canceled';
    send(res, 200, predictionJson(prediction));
  }

  async function upload(req: IncomingMessage, res: ServerResponse, raw: Buffer) {
    const form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    })
      .formData()
      .catch(() => null);
    const content = form?.get('content');
    if (!content || typeof content === 'string')
      return problem(res, 400, 'Bad request', 'A multipart/form-data body with a "content" file part is required');
    const file: StandInFile = {
      id: id(),
      name: content.name,
      content: Buffer.from(await content.arrayBuffer()),
      type: content.type || 'application/octet-stream',
    };
    files.set(file.id, file);
    send(res, 201, fileJson(file));
  }

  function serveOutput(res: ServerResponse, path: string) {
    const bytes = outputs.get(path);
    if (!bytes) return problem(res, 404, 'Not found', 'The requested resource could not be found.');
    res
      .writeHead(200, {
        'Content-Type': bytes[0] === 0x89 ? 'image/png' : 'text/plain',
        'Content-Length': bytes.length,
      })
      .end(bytes);
  }

  /** Whether a running prediction may end now: enough polls (not in sync mode), and its time run. */
  function ready(prediction: StandInPrediction, sync: boolean): boolean {
    return (
      (sync || prediction.polls >= prediction.behaviour.polls) &&
      Date.now() - prediction.createdAt >= prediction.behaviour.runMs
    );
  }

  function finish(prediction: StandInPrediction): Promise<void> {
    prediction.finishing ??= (async () => {
      const { ending, output, outputOn, outputBody } = prediction.behaviour;
      if (ending.status === 'succeeded') {
        const bytes =
          outputBody === 'picture' ? await paint(prediction.photo) : Buffer.from('a model that answers with words\n');
        const path = outputOn === 'api' ? `/v1/outputs/${prediction.id}/out-0.png` : `/${prediction.id}/out-0.png`;
        outputs.set(path, bytes);
        const url = `${outputOn === 'api' ? api.origin : delivery.origin}${path}`;
        prediction.output = output === 'list' ? [url] : url;
      }
      if (ending.status === 'failed') prediction.error = ending.error;
      // A cancel may have landed while the picture was painted.
      if (!ENDED.has(prediction.status)) prediction.status = ending.status;
    })();
    return prediction.finishing;
  }

  function fileAt(url: string) {
    const prefix = `${base}/files/`;
    return url.startsWith(prefix) ? files.get(url.slice(prefix.length)) : undefined;
  }

  function predictionJson(p: StandInPrediction) {
    const ended = ENDED.has(p.status);
    return {
      id: p.id,
      model: p.model,
      version: p.version,
      input: p.input,
      logs: '',
      output: p.output,
      data_removed: false,
      error: p.error,
      status: p.status,
      source: 'api',
      created_at: new Date(p.createdAt).toISOString(),
      ...(ended
        ? {
            completed_at: new Date().toISOString(),
            metrics: { predict_time: 0.1, total_time: (Date.now() - p.createdAt) / 1000 },
          }
        : {}),
      urls: {
        get: `${base}/predictions/${p.id}`,
        cancel: `${base}/predictions/${p.id}/cancel`,
        web: `https://replicate.com/p/${p.id}`,
      },
    };
  }

  function fileJson(file: StandInFile) {
    const now = Date.now();
    return {
      id: file.id,
      name: file.name,
      content_type: file.type,
      size: file.content.length,
      checksums: { sha256: createHash('sha256').update(file.content).digest('hex') },
      metadata: {},
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 86_400_000).toISOString(),
      urls: { get: `${base}/files/${file.id}` },
    };
  }

  return {
    url: base,
    token,
    received,
    predictions,
    files,
    setBehaviour: (changes) => {
      behaviour = { ...DEFAULT_BEHAVIOUR, ...changes };
    },
    reset: () => {
      behaviour = DEFAULT_BEHAVIOUR;
      received.length = 0;
      predictions.clear();
      files.clear();
      outputs.clear();
    },
    close: async () => {
      await Promise.all([api.close(), delivery.close()]);
    },
  };
}

/** An HTTP server on a loopback port, each request's body read whole before it is answered. */
async function listen(answer: (req: IncomingMessage, res: ServerResponse, body: Buffer) => unknown) {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      await answer(req, res, Buffer.concat(chunks));
    } catch (error) {
      if (!res.headersSent) problem(res, 500, 'Stand-in error', String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }).end(text);
}

/** Replicate's error body: {"title", "detail", "status"}. */
function problem(res: ServerResponse, status: number, title: string, detail: string) {
  send(res, status, { title, detail, status });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
