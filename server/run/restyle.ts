// One job's work, wherever its state is kept: the engine (the CPU pool for a local style, the
// provider for a generative one), then a display copy of each result. The embedded runner and a
// scale-out worker both call it, and both turn a failure into the same sentence for the visitor.
import type { EngineImage } from '../engine/engine.ts';
import type { RemoteEngines } from '../engine/remote/remote-engines.ts';
import type { StyleDefinition } from '../engine/styles-file.ts';
import { log as logLine, logError } from '../process/log.ts';
import type { JobFrame } from '../brand/frames.ts';
import { AssetFolderImages, type FrameImageSource, type FrameImagesRead } from '../brand/frames.ts';
import { finishesPicture } from '../brand/job-frame.ts';
import { LIGHT_RESULT_BYTES, runGenerative, type Generated } from './generative-job.ts';
import { JOB_MESSAGES } from './job-messages.ts';
import { TaskTimeoutError, VisitorFacingError, type WorkerPool } from './pool.ts';
import { distinctSeeds, pictureStyleIds, picturesOf } from './pictures.ts';
import { makePreview } from './preview.ts';
import { promptWithWords } from '../../contract/style-inputs.ts';

export interface RestyleDeps {
  pool: WorkerPool;
  /** The offered styles by id: which engine runs each (local styles run in the pool). */
  styles?: ReadonlyMap<string, StyleDefinition>;
  remote?: RemoteEngines;
  /** A remote job waiting longer ends ERROR (the pool times local jobs itself). */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** The tenant asset folder, where brand frames and logos are read; without it no result is framed. */
  tenantAssetsDir?: string;
  /** Where a job's frame images are read instead of the tenant asset folder (a scale-out worker: the store). */
  frameImages?: FrameImageSource;
}

export interface RestyleJob {
  jobId: string;
  styleId: string;
  prompt: string;
  /** The stored photo's name or path: its extension says its type. */
  photoName: string;
  photo: Uint8Array;
  client?: string;
  /** The tenant's brand frame or logo mark for the results, and its mirror (jobs/job-frame.ts); null for none. */
  frame?: JobFrame | null;
  /** The guest's words for a style with inputs, by input name: in memory only, for this run. */
  words?: Readonly<Record<string, string>>;
}

export interface Restyled {
  images: EngineImage[];
  /** Display copies, same order; empty when the images are light enough or the copies failed. */
  previews: Uint8Array[];
  /** Each image's caption, same order: its style's prompt (the job's, a set's style's, a fallback's). */
  captions: string[];
  /** The engine that made them: local, or a provider (a generative style's, or its fallback's); engines joined by + when they differ. */
  engine: string;
  /** The style that made them when the job's own style gave way to its fallback. */
  fallback?: string;
}

export async function restyle(
  deps: RestyleDeps,
  job: RestyleJob,
  events: { onStart: () => void; stopping: AbortSignal },
): Promise<Restyled> {
  const log = deps.log ?? logLine;
  const style = deps.styles?.get(job.styleId);
  const generative = style !== undefined && style.engine !== 'local';
  // PROCESSING once, when the first of the job's pictures is taken up.
  let started = false;
  const onStart = () => {
    if (!started) events.onStart();
    started = true;
  };
  // One sample failing ends the job: the others stop waiting on the provider and free their places.
  const siblings = new AbortController();
  const each = { onStart, stopping: AbortSignal.any([events.stopping, siblings.signal]) };
  const together = <T>(picture: Promise<T>) =>
    picture.catch((error: unknown) => {
      siblings.abort(error);
      throw error;
    });
  const count = picturesOf(job.frame);
  const made: Generated[] = generative
    ? await Promise.all(distinctSeeds(count).map((seed) => together(generativePicture(deps, job, style, each, seed))))
    : await Promise.all(
        pictureStyleIds(job.styleId, job.frame?.pictureStyles, deps.styles, count).map((styleId) =>
          localPicture(deps, job, styleId, each),
        ),
      );
  const problems = new Set(made.flatMap((picture) => picture.frameProblem ?? []));
  for (const problem of problems) log(`job ${job.jobId} style=${job.styleId}: the brand frame is left off: ${problem}`);
  const images = made.flatMap((picture) => picture.images);
  if (images.length === 0) throw new Error('The engine returned no image.');
  // A provider's compressed picture is light enough to show as it is; a display copy would
  // only cost CPU (a local result, or a generative sticker cut out here, gets one).
  const light = generative && images.every((image) => image.data.byteLength <= LIGHT_RESULT_BYTES);
  const engines = [...new Set(made.map((picture) => picture.engine))];
  const fallback = made.find((picture) => picture.fallback)?.fallback;
  return {
    images,
    previews: light ? [] : await previews(job.jobId, images),
    captions: made.flatMap((picture) => picture.images.map(() => picture.prompt)),
    engine: engines.join('+'),
    ...(fallback ? { fallback } : {}),
  };
}

/** The job's brand for a picture of this prompt (a sticker is never framed), or why it is left off. */
async function brandFor(deps: RestyleDeps, job: RestyleJob, prompt: string): Promise<FrameImagesRead> {
  return (deps.frameImages ?? new AssetFolderImages(deps.tenantAssetsDir)).forJob(job.frame ?? null, prompt);
}

/** A sample of a generative style: the provider's picture (or its fallback's), then framed on the CPU pool. */
async function generativePicture(
  deps: RestyleDeps,
  job: RestyleJob,
  style: StyleDefinition,
  events: { onStart: () => void; stopping: AbortSignal },
  seed: number,
): Promise<Generated> {
  const brand = await brandFor(deps, job, job.prompt);
  const frame = brand.files;
  // The provider gets the guest's words in their places; the caption stays the job's, without them.
  const words = style.inputs?.length ? (job.words ?? {}) : undefined;
  const made = await runGenerative(
    deps,
    {
      jobId: job.jobId,
      prompt: words ? promptWithWords(style.prompt, style.inputs!, words) : job.prompt,
      ...(words ? { caption: job.prompt, words } : {}),
      uploadPath: job.photoName,
      photo: job.photo,
      client: job.client,
      frame,
      seed,
      ...(frame?.scene ? { scene: frame.scene } : {}),
    },
    style,
    events,
  );
  const problem = brand.problem ? { frameProblem: brand.problem } : {};
  // A provider's picture is mirrored and framed on the CPU pool like a local result (a sticker is
  // never framed); a local fallback's was framed where it was made.
  if (!finishesPicture(frame) || made.engine === 'local' || made.images.length !== 1) return { ...problem, ...made };
  const framed = await deps.pool.run({
    jobId: job.jobId,
    styleId: null,
    photo: made.images[0]!.data,
    client: job.client,
    frame,
  });
  return {
    ...made,
    ...problem,
    ...(framed.frameProblem ? { frameProblem: framed.frameProblem } : {}),
    images: framed.images,
  };
}

/** A picture of a local style on the CPU pool, its caption the style's prompt. */
async function localPicture(
  deps: RestyleDeps,
  job: RestyleJob,
  styleId: string,
  events: { onStart: () => void },
): Promise<Generated> {
  const prompt = styleId === job.styleId ? job.prompt : (deps.styles?.get(styleId)?.prompt ?? job.prompt);
  const brand = await brandFor(deps, job, prompt);
  const made = await deps.pool.run(
    { jobId: job.jobId, styleId, photo: job.photo, client: job.client, frame: brand.files },
    events.onStart,
  );
  const frameProblem = brand.problem ?? made.frameProblem;
  return { images: made.images, prompt, engine: 'local', ...(frameProblem ? { frameProblem } : {}) };
}

/** A job whose previews cannot be made still completes: the screen then shows the full images. */
async function previews(jobId: string, images: { data: Uint8Array }[]): Promise<Uint8Array[]> {
  try {
    return await Promise.all(images.map((image) => makePreview(image.data, images.length)));
  } catch (error) {
    logError(`job ${jobId} previews failed, the full images are shown`, error);
    return [];
  }
}

/** The sentence a failed job ends with, and for ops why; an unexpected error is logged with its stack. */
export function failureOf(error: unknown, job: { jobId: string; styleId: string }): { message: string; why?: string } {
  if (error instanceof VisitorFacingError) return { message: error.message };
  if (error instanceof TaskTimeoutError) return { message: JOB_MESSAGES.timeout, why: error.message };
  logError(`job ${job.jobId} style=${job.styleId} failed`, error);
  return { message: JOB_MESSAGES.generic };
}
