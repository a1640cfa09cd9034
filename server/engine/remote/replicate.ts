// The Replicate provider: one prediction per job, through Replicate's official client
// (replicate 1.4, Apache-2.0). A job reads as its stages:
//   photo input, and a scene style's scene (each a data URL, or an uploaded file past 256 KB) → create the prediction (by model or
//   by version) → poll it until it ends → download its first output file.
// One attempt per call (retries are the framework's: see sendOnce), and an aborted job stops at
// once and cancels its prediction, which would otherwise run on (and be billed) to its end.
import { setTimeout as sleep } from 'node:timers/promises';
import Replicate from 'replicate';
import { ProviderError, type GeneratedImage, type GenerateInput, type Provider } from './provider.ts';
import {
  download,
  endedWithout,
  failureOf,
  firstOutputUrl,
  hasEnded,
  predictionOf,
  sendOnce,
  type PredictionState,
} from './replicate-http.ts';
import { parseReplicateOptions, type ReplicateOptions } from './replicate-options.ts';

/**
 * Photos up to this size go inline as a data URL; larger ones are uploaded through the files API
 * first. Replicate's HTTP reference (predictions.create, "input"): "Use a data URL when you have a
 * small file <= 256kb", an HTTP URL above. (Its input-files guide allows data URLs up to 1 MB; the
 * stricter figure is kept, so a camera photo never makes an oversized prediction request.)
 */
export const DATA_URL_MAX_BYTES = 256 * 1024;

/**
 * How often a running prediction is asked for: the client's own default (Replicate.wait, 500 ms).
 * At the API's 3000 requests a minute for reads, that leaves room for 25 jobs in flight.
 */
export const POLL_INTERVAL_MS = 500;

/** A cancel, or the deletion of an uploaded photo, sent after the job has moved on, gets this long. */
const CLEANUP_TIMEOUT_MS = 10_000;

export interface ReplicateSettings {
  /** An API token from replicate.com/account/api-tokens. */
  apiToken: string;
  /** The API's base URL, https://api.replicate.com/v1 unless a stand-in or a proxy is in front. */
  baseUrl: string;
}

export interface ReplicateDeps {
  fetch?: typeof fetch;
  /** Tests poll faster than Replicate needs. */
  pollIntervalMs?: number;
}

export function createReplicateProvider(settings: ReplicateSettings, deps: ReplicateDeps = {}): Provider {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const pollIntervalMs = deps.pollIntervalMs ?? POLL_INTERVAL_MS;
  const apiOrigin = new URL(settings.baseUrl).origin;
  const client = new Replicate({ auth: settings.apiToken, baseUrl: settings.baseUrl, fetch: sendOnce(fetchImpl) });
  const cleanupSignal = () => AbortSignal.timeout(CLEANUP_TIMEOUT_MS);

  /** An image as the model's input: inline, or the URL of an uploaded file (whose id is kept to delete it). */
  async function imageInput(
    name: 'photo' | 'scene',
    photo: Uint8Array,
    photoType: string,
    signal: AbortSignal,
    uploads: string[],
  ): Promise<string> {
    if (photo.byteLength <= DATA_URL_MAX_BYTES)
      return `data:${photoType};base64,${Buffer.from(photo).toString('base64')}`;
    const extension = photoType.split('/')[1] ?? 'bin';
    const file = await client.files.create(
      new File([new Uint8Array(photo)], `${name}.${extension}`, { type: photoType }),
      {},
      { signal },
    );
    if (typeof file?.id !== 'string' || typeof file.urls?.get !== 'string') {
      throw new ProviderError(
        'unavailable',
        `Replicate's files API answered without a file id and URL: ${JSON.stringify(file)?.slice(0, 200)}`,
      );
    }
    uploads.push(file.id);
    return file.urls.get;
  }

  function create(options: ReplicateOptions, input: Record<string, unknown>, signal: AbortSignal) {
    return options.version
      ? client.predictions.create({ version: options.version, input, signal })
      : client.predictions.create({ model: options.model as string, input, signal });
  }

  /** Polls until the prediction ends; the signal stops the wait and the request in flight alike. */
  async function ended(
    prediction: PredictionState,
    signal: AbortSignal,
    running: { id?: string },
  ): Promise<PredictionState> {
    running.id = prediction.id;
    while (!hasEnded(prediction)) {
      await sleep(pollIntervalMs, undefined, { signal });
      prediction = predictionOf(await client.predictions.get(prediction.id, { signal }));
    }
    running.id = undefined;
    return prediction;
  }

  return {
    name: 'replicate',

    parseOptions: (options, context) => parseReplicateOptions(options, context),

    async generate(job: GenerateInput): Promise<GeneratedImage> {
      const { prompt, seed, signal, scene } = job;
      const options = job.options as ReplicateOptions;
      signal.throwIfAborted();
      const uploads: string[] = [];
      const running: { id?: string } = {};
      try {
        const input: Record<string, unknown> = {
          ...options.input,
          [options.promptInput]: prompt,
          [options.imageInput]: await imageInput('photo', job.photo, job.photoType, signal, uploads),
          ...(options.seedInput ? { [options.seedInput]: seed } : {}),
        };
        // A scene style's scene goes to the model's second image input, the way the photo goes.
        if (scene && options.sceneInput)
          input[options.sceneInput] = await imageInput('scene', scene.data, scene.type, signal, uploads);
        const prediction = await ended(predictionOf(await create(options, input, signal)), signal, running);
        if (prediction.status !== 'succeeded') throw endedWithout(prediction);
        return await download(firstOutputUrl(prediction), {
          fetchImpl,
          apiOrigin,
          apiToken: settings.apiToken,
          signal,
        });
      } catch (error) {
        if (signal.aborted) {
          // Best effort, not awaited: the job stops now; Replicate stops the model when the cancel lands.
          if (running.id) client.predictions.cancel(running.id, { signal: cleanupSignal() }).catch(() => {});
          throw signal.reason;
        }
        throw failureOf(error);
      } finally {
        // A visitor's photo is not left on Replicate's file store once its prediction is over.
        for (const id of uploads) client.files.delete(id, { signal: cleanupSignal() }).catch(() => {});
      }
    },
  };
}
