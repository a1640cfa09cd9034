// One job's work, wherever its state is kept: the engine (the CPU pool for a local style, the
// provider for a generative one), then a display copy of each result. The embedded runner and a
// scale-out worker both call it, and both turn a failure into the same sentence for the visitor.
import type { EngineImage } from '../engine/engine.ts';
import type { RemoteEngines } from '../engine/remote/remote-engines.ts';
import type { StyleDefinition } from '../engine/styles-file.ts';
import { log as logLine, logError } from '../log.ts';
import type { JobFrame } from '../brand/frames.ts';
import { AssetFolderImages, type FrameImageSource } from '../brand/frames.ts';
import { finishesPicture } from '../brand/job-frame.ts';
import { LIGHT_RESULT_BYTES, runGenerative } from './generative-job.ts';
import { JOB_MESSAGES } from './job-messages.ts';
import { TaskTimeoutError, VisitorFacingError, type PoolResult, type WorkerPool } from './pool.ts';
import { makePreview } from './preview.ts';

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
}

export interface Restyled {
  images: EngineImage[];
  /** Display copies, same order; empty when the images are light enough or the copies failed. */
  previews: Uint8Array[];
}

export async function restyle(
  deps: RestyleDeps,
  job: RestyleJob,
  events: { onStart: () => void; stopping: AbortSignal },
): Promise<Restyled> {
  const log = deps.log ?? logLine;
  const style = deps.styles?.get(job.styleId);
  const generative = style !== undefined && style.engine !== 'local';
  const brand = await (deps.frameImages ?? new AssetFolderImages(deps.tenantAssetsDir)).forJob(
    job.frame ?? null,
    job.prompt,
  );
  if (brand.problem) log(`job ${job.jobId} style=${job.styleId}: the brand frame is left off: ${brand.problem}`);
  const frame = brand.files;
  let result: PoolResult = generative
    ? await runGenerative(
        deps,
        { jobId: job.jobId, prompt: job.prompt, uploadPath: job.photoName, photo: job.photo, client: job.client },
        style,
        events,
      )
    : await deps.pool.run(
        { jobId: job.jobId, styleId: job.styleId, photo: job.photo, client: job.client, frame },
        events.onStart,
      );
  // A provider's picture is mirrored and framed on the CPU pool like a local result (a sticker is never framed).
  if (finishesPicture(frame) && generative && result.images.length === 1) {
    const framed = await deps.pool.run({
      jobId: job.jobId,
      styleId: null,
      photo: result.images[0]!.data,
      client: job.client,
      frame,
    });
    result = { ...framed, prompt: result.prompt };
  }
  if (result.frameProblem)
    log(`job ${job.jobId} style=${job.styleId}: the brand frame is left off: ${result.frameProblem}`);
  if (result.images.length === 0) throw new Error('The engine returned no image.');
  // A provider's compressed picture is light enough to show as it is; a display copy would
  // only cost CPU (a local result, or a generative sticker cut out here, gets one).
  const light = generative && result.images.every((image) => image.data.byteLength <= LIGHT_RESULT_BYTES);
  return { images: result.images, previews: light ? [] : await previews(job.jobId, result.images) };
}

/** A job whose previews cannot be made still completes: the screen then shows the full images. */
async function previews(jobId: string, images: { data: Uint8Array }[]): Promise<Uint8Array[]> {
  try {
    return await Promise.all(images.map((image) => makePreview(image.data)));
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
