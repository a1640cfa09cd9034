// A stand-in for a ComfyUI server, for the ComfyUI provider's tests: the calls the provider makes,
// answered as ComfyUI's server answers them, with failures chosen by the test.
//   POST /upload/image        multipart (image, type, subfolder, overwrite) → {name, subfolder, type}
//   POST /prompt              {prompt, client_id} → {prompt_id, number, node_errors}, or 400 with
//                             ComfyUI's error shape (comfyui-nodes.ts checks the workflow)
//   GET  /ws?clientId=…       status on connect; per job: execution_start, execution_cached,
//                             executing {node} per node, progress {value, max}, executed {node, output},
//                             execution_success, executing {node: null}; or execution_error / _interrupted
//   GET  /history/{prompt_id} {} until the job ends, then {id: {prompt, outputs, status, meta}}
//   GET  /view?filename=&subfolder=&type=   a file of the input, output or temp folder
// Jobs run one at a time, in order, as in ComfyUI. A SaveImage node's picture is made with sharp
// from the photo its LoadImage node names (standInPicture), so that a test can tell the result
// came from the photo it sent. Routes also answer under /api, as ComfyUI's do.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';
import { checkPrompt, executionOrder, upstreamPhotos, type PromptNode } from './comfyui-nodes.ts';

export interface ComfyuiBehaviour {
  /** How long a job runs, from execution_start to its end, in ms. */
  jobMs: number;
  /** The websocket: open; refused at the upgrade (a proxy that does not pass websockets); or dropped once a job has started. */
  websocket: 'open' | 'refused' | 'drop-mid-job';
  /**
   * What goes wrong: POST /prompt answers 500 or resets the connection; the sampler fails
   * (execution_error) or is cancelled (execution_interrupted); or every call is refused with 401,
   * as an auth proxy in front of ComfyUI does.
   */
  failure: 'none' | 'prompt-500' | 'prompt-reset' | 'execution-error' | 'interrupted' | 'unauthorized';
}

export interface ReceivedUpload {
  /** The name ComfyUI answered with (the file's own name unless renamed to keep an existing one). */
  name: string;
  filename: string;
  type: string;
  subfolder: string;
  overwrite: string | null;
  contentType: string;
  data: Buffer;
  format: string;
}

export interface ReceivedPrompt {
  clientId: unknown;
  /** The workflow as received, placeholders filled or not. */
  workflow: Record<string, PromptNode>;
  /** Set when the prompt was queued; unset when it was refused. */
  promptId?: string;
}

export interface ComfyuiStandIn {
  url: string;
  received: {
    uploads: ReceivedUpload[];
    prompts: ReceivedPrompt[];
    websockets: { clientId: string; open: boolean }[];
    /** Every HTTP request, as "METHOD /route?query" (without the /api prefix). */
    requests: string[];
  };
  setBehaviour(changes: Partial<ComfyuiBehaviour>): void;
  close(): Promise<void>;
}

/** The stand-in's "model": the photo made small, tinted and posterised to 8 colours, as a PNG. */
export async function standInPicture(photo: Uint8Array): Promise<Buffer> {
  return sharp(photo)
    .rotate()
    .resize(384, 384, { fit: 'inside' })
    .tint({ r: 255, g: 150, b: 60 })
    .png({ palette: true, colours: 8, dither: 0 })
    .toBuffer();
}

const DEFAULT_BEHAVIOUR: ComfyuiBehaviour = { jobMs: 60, websocket: 'open', failure: 'none' };
const MIME: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

interface Job {
  promptId: string;
  number: number;
  clientId: string | undefined;
  workflow: Record<string, PromptNode>;
  outputs: string[];
}

export async function startComfyuiStandIn(
  options: { checkpoints?: string[]; behaviour?: Partial<ComfyuiBehaviour> } = {},
): Promise<ComfyuiStandIn> {
  const checkpoints = options.checkpoints ?? ['sd_xl_base_1.0.safetensors', 'v1-5-pruned-emaonly.safetensors'];
  let behaviour: ComfyuiBehaviour = { ...DEFAULT_BEHAVIOUR, ...options.behaviour };
  const received: ComfyuiStandIn['received'] = { uploads: [], prompts: [], websockets: [], requests: [] };
  const files = new Map<string, { data: Buffer; contentType: string }>();
  const history = new Map<string, unknown>();
  const sockets = new Map<string, WebSocket>();
  const queue: Job[] = [];
  const stopping = new AbortController();
  const counters = new Map<string, number>();
  let running: Job | null = null;
  let number = 0;

  const fileKey = (type: string, subfolder: string, name: string) =>
    `${type}:${path.posix.normalize(subfolder || '.')}:${name}`;
  /** An input file by the name a LoadImage node gives it: "name", "sub/name" or "name [input]". */
  const inputFile = (value: string) => {
    const plain = value.replace(/ \[input\]$/, '');
    return files.get(fileKey('input', path.posix.dirname(plain), path.posix.basename(plain)));
  };

  function send(clientId: string | undefined, type: string, data: unknown): void {
    const socket = clientId === undefined ? undefined : sockets.get(clientId);
    if (socket && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type, data }));
  }
  function broadcastStatus(): void {
    const data = { status: { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } } };
    for (const socket of sockets.values())
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'status', data }));
  }

  async function runQueue(): Promise<void> {
    if (running) return;
    while (queue.length > 0 && !stopping.signal.aborted) {
      running = queue.shift()!;
      broadcastStatus();
      try {
        await runJob(running);
      } catch (error) {
        // A fault of the stand-in itself: said loudly, and the next job still runs.
        if (!stopping.signal.aborted) console.error('ComfyUI stand-in:', error);
      }
      running = null;
      broadcastStatus();
    }
  }

  async function runJob(job: Job): Promise<void> {
    const { promptId, clientId, workflow } = job;
    const messages: [string, unknown][] = [];
    const outputs: Record<string, unknown> = {};
    const meta: Record<string, unknown> = {};
    const executed: string[] = [];
    const message = (type: string, data: Record<string, unknown>) => {
      const stamped = { ...data, timestamp: Date.now() };
      messages.push([type, stamped]);
      send(clientId, type, stamped);
    };
    const finish = (ok: boolean) => {
      history.set(promptId, {
        prompt: [job.number, promptId, workflow, { client_id: clientId }, job.outputs],
        outputs,
        status: { status_str: ok ? 'success' : 'error', completed: ok, messages },
        meta,
      });
      send(clientId, 'executing', { node: null, display_node: null, prompt_id: promptId });
    };

    message('execution_start', { prompt_id: promptId });
    message('execution_cached', { nodes: [], prompt_id: promptId });
    if (behaviour.websocket === 'drop-mid-job' && clientId !== undefined) sockets.get(clientId)?.terminate();
    const order = executionOrder(workflow, job.outputs);
    const pause = (share: number) =>
      sleep(Math.max(1, Math.round(behaviour.jobMs * share)), undefined, { signal: stopping.signal });
    for (const id of order) {
      const node = workflow[id];
      send(clientId, 'executing', { node: id, display_node: id, prompt_id: promptId });
      if (node.class_type === 'KSampler') {
        const steps = Number(node.inputs.steps);
        for (let step = 1; step <= steps; step++) {
          if (step === Math.ceil(steps / 2) && behaviour.failure === 'execution-error') {
            message('execution_error', {
              prompt_id: promptId,
              node_id: id,
              node_type: node.class_type,
              executed: [...executed],
              exception_message:
                'CUDA out of memory. Tried to allocate 2.50 GiB. GPU 0 has a total capacity of 7.79 GiB of which 1.12 GiB is free.\n',
              exception_type: 'torch.OutOfMemoryError',
              traceback: ['  File "/opt/ComfyUI/execution.py", line 496, in execute\n'],
              current_inputs: {},
              current_outputs: [...executed],
            });
            return finish(false);
          }
          if (step === Math.ceil(steps / 2) && behaviour.failure === 'interrupted') {
            message('execution_interrupted', {
              prompt_id: promptId,
              node_id: id,
              node_type: node.class_type,
              executed: [...executed],
            });
            return finish(false);
          }
          await pause(0.7 / steps);
          send(clientId, 'progress', { value: step, max: steps, prompt_id: promptId, node: id });
        }
      } else {
        await pause(0.3 / order.length);
      }
      if (node.class_type === 'SaveImage' || node.class_type === 'PreviewImage') {
        const image = await savePicture(workflow, id);
        outputs[id] = { images: [image] };
        meta[id] = { node_id: id, display_node: id, parent_node: null, real_node_id: id };
        send(clientId, 'executed', { node: id, display_node: id, output: outputs[id], prompt_id: promptId });
      }
      executed.push(id);
    }
    message('execution_success', { prompt_id: promptId });
    finish(true);
  }

  /** What SaveImage (into output/) or PreviewImage (into temp/) writes: the stand-in's picture of the node's photo. */
  async function savePicture(
    workflow: Record<string, PromptNode>,
    id: string,
  ): Promise<{ filename: string; subfolder: string; type: string }> {
    const node = workflow[id];
    const photo = inputFile(upstreamPhotos(workflow, id)[0]);
    if (!photo) throw new Error(`the stand-in lost the photo of node ${id}`);
    const data = await standInPicture(photo.data);
    const saved = node.class_type === 'SaveImage';
    const prefix = saved
      ? String(node.inputs.filename_prefix || 'ComfyUI')
      : `ComfyUI_temp_${randomUUID().slice(0, 5)}`;
    const subfolder = path.posix.dirname(prefix) === '.' ? '' : path.posix.dirname(prefix);
    const stem = path.posix.basename(prefix);
    const counter = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, counter);
    const filename = `${stem}_${String(counter).padStart(5, '0')}_.png`;
    const type = saved ? 'output' : 'temp';
    files.set(fileKey(type, subfolder, filename), { data, contentType: 'image/png' });
    return { filename, subfolder, type };
  }

  async function upload(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string') headers.set(name, value);
    let form: FormData;
    try {
      const body = Readable.toWeb(request) as ReadableStream<Uint8Array>;
      form = await new Request('http://stand-in/upload/image', {
        method: 'POST',
        headers,
        body,
        duplex: 'half',
      } as RequestInit).formData();
    } catch {
      return answer(response, 400, '');
    }
    const image = form.get('image');
    if (!(image instanceof File) || image.name === '') return answer(response, 400, '');
    const type = String(form.get('type') ?? 'input');
    const subfolder = String(form.get('subfolder') ?? '');
    if (
      !['input', 'temp', 'output'].includes(type) ||
      subfolder.includes('..') ||
      image.name.includes('/') ||
      image.name.includes('..')
    ) {
      return answer(response, 400, '');
    }
    const data = Buffer.from(await image.arrayBuffer());
    // ComfyUI would store any bytes and fail later in LoadImage: the stand-in refuses them now.
    const format = await sharp(data)
      .metadata()
      .then(
        (metadata) => metadata.format as string,
        () => null,
      );
    if (!format || !['jpeg', 'png', 'webp'].includes(format)) {
      return answer(response, 400, 'the stand-in takes JPEG, PNG or WebP photos only');
    }
    const overwrite = form.get('overwrite') === null ? null : String(form.get('overwrite'));
    let name = image.name;
    if (overwrite !== 'true' && overwrite !== '1') {
      // Without overwrite, ComfyUI keeps an existing file: the same bytes are not stored twice, others get "name (1).ext".
      const { name: stem, ext } = path.posix.parse(image.name);
      for (let i = 1; files.has(fileKey(type, subfolder, name)); i++) {
        if (files.get(fileKey(type, subfolder, name))!.data.equals(data)) break;
        name = `${stem} (${i})${ext}`;
      }
    }
    files.set(fileKey(type, subfolder, name), { data, contentType: image.type });
    received.uploads.push({
      name,
      filename: image.name,
      type,
      subfolder,
      overwrite,
      contentType: image.type,
      data,
      format,
    });
    json(response, 200, { name, subfolder, type });
  }

  async function queuePrompt(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readText(request);
    if (behaviour.failure === 'prompt-reset') return void request.socket.destroy();
    if (behaviour.failure === 'prompt-500') return answer(response, 500, '500 Internal Server Error');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text);
    } catch {
      return answer(response, 500, '500 Internal Server Error');
    }
    if (!('prompt' in body)) {
      return json(response, 400, {
        error: { type: 'no_prompt', message: 'No prompt provided', details: 'No prompt provided', extra_info: {} },
        node_errors: {},
      });
    }
    const workflow = body.prompt as Record<string, PromptNode>;
    const record: ReceivedPrompt = { clientId: body.client_id, workflow };
    received.prompts.push(record);
    const check = checkPrompt(workflow, { checkpoints, uploaded: (name) => inputFile(name) !== undefined });
    if (!check.ok) return json(response, 400, check.body);
    const job: Job = {
      promptId: randomUUID(),
      number: number++,
      clientId: typeof body.client_id === 'string' ? body.client_id : undefined,
      workflow,
      outputs: check.outputs,
    };
    record.promptId = job.promptId;
    queue.push(job);
    broadcastStatus();
    json(response, 200, { prompt_id: job.promptId, number: job.number, node_errors: {} });
    void runQueue();
  }

  function view(url: URL, response: ServerResponse) {
    const filename = url.searchParams.get('filename');
    if (filename === null) return answer(response, 404, '404: Not Found');
    if (filename.startsWith('/') || filename.includes('..')) return answer(response, 400, '');
    const type = url.searchParams.get('type') ?? 'output';
    if (!['input', 'temp', 'output'].includes(type)) return answer(response, 400, '');
    const subfolder = url.searchParams.get('subfolder') ?? '';
    if (subfolder.includes('..')) return answer(response, 403, '');
    const file = files.get(fileKey(type, subfolder, path.posix.basename(filename)));
    if (!file) return answer(response, 404, '404: Not Found');
    response.writeHead(200, {
      'content-type': MIME[path.extname(filename).toLowerCase()] ?? 'application/octet-stream',
      'content-disposition': `filename="${path.posix.basename(filename)}"`,
      'content-length': file.data.byteLength,
    });
    response.end(file.data);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = url.pathname.replace(/^\/api(?=\/)/, '');
    received.requests.push(`${request.method} ${route}${url.search}`);
    if (behaviour.failure === 'unauthorized') {
      response.setHeader('www-authenticate', 'Basic realm="ComfyUI"');
      return answer(response, 401, '401 Authorization Required');
    }
    const history_ = /^\/history\/([^/]+)$/.exec(route);
    if (request.method === 'POST' && route === '/upload/image') return upload(request, response);
    if (request.method === 'POST' && route === '/prompt') return queuePrompt(request, response);
    if (request.method === 'GET' && route === '/prompt')
      return json(response, 200, { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } });
    if (request.method === 'GET' && history_) {
      const id = decodeURIComponent(history_[1]);
      return json(response, 200, history.has(id) ? { [id]: history.get(id) } : {});
    }
    if (request.method === 'GET' && route === '/view') return view(url, response);
    if (request.method === 'POST' && route === '/interrupt') return answer(response, 200, '');
    answer(response, 404, '404: Not Found');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) answer(response, 500, `the stand-in failed: ${String(error)}`);
    });
  });
  const websockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = url.pathname.replace(/^\/api(?=\/)/, '');
    received.requests.push(`${request.method} ${route}${url.search} (upgrade)`);
    const refuse = (status: string) =>
      socket.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    if (behaviour.failure === 'unauthorized') return refuse('401 Unauthorized');
    if (route !== '/ws' || behaviour.websocket === 'refused') return refuse('404 Not Found');
    websockets.handleUpgrade(request, socket, head, (ws) => {
      // As ComfyUI: the client's own id, or a new one; a second socket with the same id takes over.
      const clientId = url.searchParams.get('clientId') || randomUUID().replaceAll('-', '');
      sockets.set(clientId, ws);
      const record = { clientId, open: true };
      received.websockets.push(record);
      ws.on('close', () => {
        record.open = false;
        if (sockets.get(clientId) === ws) sockets.delete(clientId);
      });
      ws.send(
        JSON.stringify({
          type: 'status',
          data: { status: { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } }, sid: clientId },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setBehaviour(changes) {
      behaviour = { ...behaviour, ...changes };
    },
    async close() {
      stopping.abort();
      for (const ws of websockets.clients) ws.terminate();
      websockets.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function answer(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
