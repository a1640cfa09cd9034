// The ComfyUI provider: a self-hosted ComfyUI (a GPU box at the event or in the cloud) runs the
// style's workflow on the visitor's photo. One job, one attempt, through ComfyUI's own HTTP API:
//   1. POST /upload/image      the photo (and a scene style's scene), each under a name of its own (multipart: image, type=input, overwrite=true)
//   2. GET  /ws?clientId=…     opened meanwhile, to hear how the job goes (comfyui-events.ts)
//   3. POST /prompt            {prompt: the workflow with its placeholders filled, client_id}
//   4. the websocket's end of the job, or GET /history/{prompt_id} when the websocket cannot open
//   5. GET  /view?filename=&subfolder=&type=   the picture the workflow saved
// Retries and time limits belong to the framework: a failure is thrown as a ProviderError of the
// right kind, and an aborted signal stops every request and the websocket at once.
import { randomUUID } from 'node:crypto';
import { extensionOf } from '../../files/media-types.ts';
import {
  baseUrl,
  excerpt,
  imageType,
  networkProblem,
  promptRefusal,
  statusFailure,
  websocketUrl,
} from './comfyui-answers.ts';
import { historyOutputs, openJobEvents } from './comfyui-events.ts';
import {
  fillWorkflow,
  parseComfyuiOptions,
  pickOutput,
  type ComfyuiOptions,
  type OutputImage,
} from './comfyui-workflow.ts';
import { ProviderError, type GeneratedImage, type GenerateInput, type Provider } from './provider.ts';

export interface ComfyuiSettings {
  /** Where ComfyUI answers, e.g. http://gpu-box.local:8188 (a path prefix behind a proxy is kept). */
  url: string;
}

export interface ComfyuiDeps {
  fetch?: typeof fetch;
  WebSocket?: typeof WebSocket;
}

export function createComfyuiProvider(settings: ComfyuiSettings, deps: ComfyuiDeps = {}): Provider {
  const base = baseUrl(settings.url);
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const WebSocketClass = deps.WebSocket ?? globalThis.WebSocket;
  const where = `ComfyUI at ${base.href}`;

  /**
   * One HTTP request; network failures and refusals become ProviderErrors, an abort its reason.
   * `answered` lists the failure statuses the caller reads itself.
   */
  async function request(
    route: string,
    init: RequestInit,
    what: string,
    signal: AbortSignal,
    answered: number[] = [],
  ): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImpl(new URL(route, base), { ...init, signal });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new ProviderError('unavailable', `${where} cannot be reached to ${what} (${networkProblem(error)}).`, {
        cause: error,
      });
    }
    if (response.ok || answered.includes(response.status)) return response;
    const body = await readText(response, what, signal).catch(() => {
      if (signal.aborted) throw signal.reason;
      return '';
    });
    throw statusFailure(response, body, `${where} answered ${response.status} to ${what}`, base);
  }

  async function readText(response: Response, what: string, signal: AbortSignal): Promise<string> {
    try {
      return await response.text();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new ProviderError('unavailable', `${where} broke off its answer to ${what} (${networkProblem(error)}).`, {
        cause: error,
      });
    }
  }

  async function readJson(response: Response, what: string, signal: AbortSignal): Promise<Record<string, unknown>> {
    const text = await readText(response, what, signal);
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Said below, with what was asked.
    }
    throw new ProviderError(
      'unavailable',
      `${where} gave an answer to ${what} that is not the JSON object ComfyUI sends: ${excerpt(text)}`,
    );
  }

  /** Uploads the photo (or the scene) into ComfyUI's input folder; returns the name LoadImage knows it by. */
  async function uploadImage(
    data: Uint8Array,
    type: string,
    signal: AbortSignal,
    which: 'photo' | 'scene' = 'photo',
  ): Promise<string> {
    const form = new FormData();
    // A name of its own per job: two visitors' photos never overwrite each other.
    const name = `booth-${randomUUID()}.${extensionOf(type, 'jpg')}`;
    form.append('image', new Blob([data as Uint8Array<ArrayBuffer>], { type }), name);
    form.append('type', 'input');
    form.append('overwrite', 'true');
    const what = `upload the ${which} (POST /upload/image)`;
    const answer = await readJson(
      await request('upload/image', { method: 'POST', body: form }, what, signal),
      what,
      signal,
    );
    if (typeof answer.name !== 'string' || answer.name === '') {
      throw new ProviderError(
        'unavailable',
        `${where} did not name the uploaded ${which} in its answer to ${what}: ${excerpt(JSON.stringify(answer))}`,
      );
    }
    const subfolder = typeof answer.subfolder === 'string' ? answer.subfolder : '';
    return subfolder ? `${subfolder}/${answer.name}` : answer.name;
  }

  /** Queues the filled workflow for this client; returns its prompt_id. */
  async function queuePrompt(
    options: ComfyuiOptions,
    workflow: unknown,
    clientId: string,
    signal: AbortSignal,
  ): Promise<string> {
    const what = 'queue the workflow (POST /prompt)';
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: workflow, client_id: clientId }),
    };
    const response = await request('prompt', init, what, signal, [400]);
    if (response.status === 400) {
      // ComfyUI checked the workflow and refused it; the body says which node and why.
      const body = await readText(response, what, signal);
      const refusal = promptRefusal(body) ?? excerpt(body);
      throw new ProviderError('failed', `${where} refused the workflow ${options.file}: ${refusal}`);
    }
    const answer = await readJson(response, what, signal);
    if (typeof answer.prompt_id !== 'string' || answer.prompt_id === '') {
      throw new ProviderError(
        'unavailable',
        `${where} gave no prompt_id in its answer to ${what}: ${excerpt(JSON.stringify(answer))}`,
      );
    }
    return answer.prompt_id;
  }

  async function download(image: OutputImage, signal: AbortSignal): Promise<GeneratedImage> {
    const query = new URLSearchParams({ filename: image.filename, subfolder: image.subfolder, type: image.type });
    const what = `download the picture ${image.filename} (GET /view)`;
    const response = await request(`view?${query}`, { method: 'GET' }, what, signal);
    let data: Uint8Array;
    try {
      data = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new ProviderError('unavailable', `${where} broke off its answer to ${what} (${networkProblem(error)}).`, {
        cause: error,
      });
    }
    const contentType = imageType(response.headers.get('content-type'), data);
    if (!contentType) {
      throw new ProviderError(
        'failed',
        `${where} sent ${image.filename} as ${response.headers.get('content-type') ?? 'no content type'}: the workflow must save a PNG, JPEG or WebP picture.`,
      );
    }
    return { data, contentType };
  }

  return {
    name: 'comfyui',

    parseOptions(options, { baseDir, scene, inputNames }) {
      return parseComfyuiOptions(options, baseDir, scene, inputNames);
    },

    async generate({
      photo,
      photoType,
      prompt,
      options,
      seed,
      scene,
      signal,
      words,
    }: GenerateInput): Promise<GeneratedImage> {
      signal.throwIfAborted();
      const style = options as ComfyuiOptions;
      const clientId = randomUUID();
      const events = openJobEvents(websocketUrl(base, clientId), WebSocketClass, signal);
      const history = (promptId: string) =>
        historyOutputs(
          promptId,
          async () => {
            const what = `follow the job (GET /history/${promptId})`;
            return readJson(
              await request(`history/${encodeURIComponent(promptId)}`, { method: 'GET' }, what, signal),
              what,
              signal,
            );
          },
          signal,
        );
      try {
        const photoName = await uploadImage(photo, photoType, signal);
        const sceneName = scene ? await uploadImage(scene.data, scene.type, signal, 'scene') : undefined;
        const workflow = fillWorkflow(style.workflow, { photo: photoName, prompt, seed, scene: sceneName, words });
        const listening = await events.ready;
        const promptId = await queuePrompt(style, workflow, clientId, signal);
        // A socket that drops mid-job leaves the job running on the GPU: it is followed through the
        // history from there, not queued again (a retry would pay for the picture twice).
        const followed = listening
          ? events.follow(promptId).catch((error: unknown) => {
              if (error instanceof ProviderError && error.kind === 'unavailable' && !signal.aborted)
                return history(promptId);
              throw error;
            })
          : history(promptId);
        let outputs = await followed;
        let result = pickOutput(style.workflow, outputs, style.outputNode);
        // The websocket tells only of nodes that ran; the history also lists cached ones.
        if (!result && listening) {
          outputs = await history(promptId);
          result = pickOutput(style.workflow, outputs, style.outputNode);
        }
        if (!result) {
          const which = style.outputNode
            ? `node ${style.outputNode} (output_node) showed no image`
            : 'no node saved an image';
          throw new ProviderError(
            'failed',
            `${where} ran the workflow ${style.file} (prompt ${promptId}) but ${which}.`,
          );
        }
        return await download(result.image, signal);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw error;
      } finally {
        events.close();
      }
    },
  };
}
