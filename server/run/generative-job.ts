// A job on a generative style: the provider's picture (waiting, not computing: it holds no CPU
// worker), then for a sticker style the local die-cut on the CPU pool. Failures become the
// visitor's sentences; a refused key is one line for ops naming the setting, never the key. A
// style with a fallback gives way to it when its provider is slow, out of service or skipped, so
// the guest still gets a picture; the job then says which engine made it.
import crypto from 'node:crypto';
import { ProviderError, type ProviderFailure, type ProviderName } from '../engine/remote/provider.ts';
import { PROVIDER_SETTING } from '../engine/remote/providers.ts';
import { ProviderSkippedError, type RemoteEngines } from '../engine/remote/remote-engines.ts';
import type { StyleDefinition, StyleEngine } from '../engine/styles-file.ts';
import type { FrameFiles, FrameImage } from '../brand/brand-frame.ts';
import { imageMimeOfName } from '../files/media-types.ts';
import { log } from '../process/log.ts';
import { JOB_MESSAGES } from './job-messages.ts';
import { sceneFor } from './scene-image.ts';
import { TaskTimeoutError, VisitorFacingError, type PoolResult, type WorkerPool } from './pool.ts';

/** A generative result up to this size is shown as it is, without a display copy. */
export const LIGHT_RESULT_BYTES = 512 * 1024;
/** The local style that cuts a generative sticker out: the die-cut on the generated picture. */
const STICKER_CUTOUT_STYLE = 'die-cut-sticker';
/** The failures a fallback stands in for: the provider cannot serve now. A refusal is an answer. */
const FALLS_BACK = new Set<ProviderFailure>(['unavailable', 'rate-limited', 'credentials']);

export interface GenerativeDeps {
  pool: WorkerPool;
  remote?: RemoteEngines;
  /** The offered styles by id, where a style's fallback is found. */
  styles?: ReadonlyMap<string, StyleDefinition>;
  /** The job's time limit. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface GenerativeJob {
  jobId: string;
  prompt: string;
  uploadPath: string;
  photo: Uint8Array;
  client?: string;
  /** The tenant's frame files, for a local fallback (a provider's picture is framed after). */
  frame?: FrameFiles;
  /** The tenant's backdrop, sent as the scene of a scene style (its own template without one). */
  scene?: FrameImage;
  /** This sample's seed (several pictures per guest: each its own); a random one without it. */
  seed?: number;
  /** The picture's caption when it is not the prompt sent (the prompt holds the guest's words). */
  caption?: string;
  /** The guest's words by input name, for a workflow that places them itself. */
  words?: Readonly<Record<string, string>>;
}

export interface Generated extends PoolResult {
  /** The engine that made the pictures: the style's provider, or its fallback's engine. */
  engine: StyleEngine;
  /** The style that made them when it was a fallback. */
  fallback?: string;
}

export async function runGenerative(
  deps: GenerativeDeps,
  job: GenerativeJob,
  style: StyleDefinition,
  events: { onStart: () => void; stopping: AbortSignal },
  /** When the job's time ends (ms); a fallback gets what is left of it. */
  deadline = Date.now() + (deps.timeoutMs ?? 120_000),
): Promise<Generated> {
  const { remote, pool } = deps;
  const { stopping } = events;
  // PROCESSING once, whether the provider or its fallback takes the job.
  let started = false;
  const onStart = () => {
    if (!started) events.onStart();
    started = true;
  };
  const provider = style.engine as ProviderName;
  if (!remote?.has(provider))
    throw new Error(`The style ${style.id} needs the ${provider} provider, which is not set up.`);
  const timeoutMs = Math.max(1, deadline - Date.now());
  const timeout = AbortSignal.timeout(timeoutMs);
  const fallback = style.fallback ? deps.styles?.get(style.fallback) : undefined;
  const slow = fallback && style.fallbackAfterMs ? AbortSignal.timeout(style.fallbackAfterMs) : undefined;
  const signal = AbortSignal.any([timeout, stopping, ...(slow ? [slow] : [])]);
  const ops = deps.log ?? log;
  let image;
  try {
    const photoType = imageMimeOfName(job.uploadPath) ?? 'image/jpeg';
    const input = {
      jobId: job.jobId,
      client: job.client,
      photo: job.photo,
      photoType,
      prompt: job.prompt,
      options: style.options,
      seed: job.seed ?? crypto.randomInt(2 ** 31),
      ...(job.words ? { words: job.words } : {}),
    };
    const scene = await sceneFor(style, job.scene);
    image = await remote.generate(provider, scene ? { ...input, scene } : input, signal, onStart);
  } catch (error) {
    if (stopping.aborted) throw error;
    if (timeout.aborted) throw new TaskTimeoutError(`The ${provider} job took longer than ${timeoutMs} ms.`);
    if (fallback && (slow?.aborted || (error instanceof ProviderError && FALLS_BACK.has(error.kind)))) {
      const why = slow?.aborted
        ? `${provider} did not answer within ${style.fallbackAfterMs! / 1000} s`
        : error instanceof ProviderSkippedError
          ? error.message
          : `${provider} failed (${(error as Error).message})`;
      ops(
        `job ${job.jobId} style=${style.id}: ${why}; the fallback ${fallback.id} (${fallback.engine}) makes the picture`,
      );
      return runFallback(deps, job, fallback, { onStart, stopping }, deadline);
    }
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === 'refused') throw new VisitorFacingError(JOB_MESSAGES.refused);
    if (error.kind === 'credentials')
      ops(
        `job ${job.jobId} ${provider}: the provider refused this booth's credentials (${error.message}); check ${PROVIDER_SETTING[provider]}.`,
      );
    else ops(`job ${job.jobId} ${provider}: ${error.message}`);
    throw new VisitorFacingError(
      error.kind === 'rate-limited' || error.kind === 'unavailable' ? JOB_MESSAGES.unavailable : JOB_MESSAGES.generic,
    );
  }
  const made = { engine: style.engine, prompt: job.caption ?? job.prompt };
  if (!style.sticker) return { images: [image], ...made };
  try {
    const cut = await pool.run({
      jobId: job.jobId,
      styleId: STICKER_CUTOUT_STYLE,
      photo: image.data,
      client: job.client,
    });
    return { images: cut.images, ...made };
  } catch (error) {
    // A picture in which the cut finds nobody is still the visitor's picture: shown uncut.
    if (!(error instanceof VisitorFacingError)) throw error;
    log(`job ${job.jobId} style=${style.id}: no person to cut out of the generated picture; it is shown uncut`);
    return { images: [image], ...made };
  }
}

/** The fallback style makes the picture from the same photo, with its own prompt, in the job's time left. */
async function runFallback(
  deps: GenerativeDeps,
  job: GenerativeJob,
  fallback: StyleDefinition,
  events: { onStart: () => void; stopping: AbortSignal },
  deadline: number,
): Promise<Generated> {
  if (fallback.engine !== 'local') {
    const made = await runGenerative(
      deps,
      { ...job, prompt: fallback.prompt, caption: undefined, words: undefined },
      fallback,
      events,
      deadline,
    );
    return { ...made, fallback: made.fallback ?? fallback.id };
  }
  const made = await deps.pool.run(
    { jobId: job.jobId, styleId: fallback.id, photo: job.photo, client: job.client, frame: job.frame },
    events.onStart,
  );
  return { ...made, prompt: fallback.prompt, engine: 'local', fallback: fallback.id };
}
