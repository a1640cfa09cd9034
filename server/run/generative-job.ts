// A job on a generative style: the provider's picture (waiting, not computing: it holds no CPU
// worker), then for a sticker style the local die-cut on the CPU pool. Failures become the
// visitor's sentences; a refused key is one line for ops naming the setting, never the key.
import crypto from 'node:crypto';
import type { EngineResult } from '../engine/engine.ts';
import { ProviderError, type ProviderName } from '../engine/remote/provider.ts';
import { PROVIDER_SETTING } from '../engine/remote/providers.ts';
import type { RemoteEngines } from '../engine/remote/remote-engines.ts';
import type { StyleDefinition } from '../engine/styles-file.ts';
import { imageMimeOfName } from '../files/media-types.ts';
import { log } from '../log.ts';
import { JOB_MESSAGES } from './job-messages.ts';
import { TaskTimeoutError, VisitorFacingError, type WorkerPool } from './pool.ts';

/** A generative result up to this size is shown as it is, without a display copy. */
export const LIGHT_RESULT_BYTES = 512 * 1024;
/** The local style that cuts a generative sticker out: the die-cut on the generated picture. */
const STICKER_CUTOUT_STYLE = 'die-cut-sticker';

export interface GenerativeDeps {
  pool: WorkerPool;
  remote?: RemoteEngines;
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
}

export async function runGenerative(
  deps: GenerativeDeps,
  job: GenerativeJob,
  style: StyleDefinition,
  { onStart, stopping }: { onStart: () => void; stopping: AbortSignal },
): Promise<EngineResult> {
  const { remote, pool, timeoutMs = 120_000 } = deps;
  const provider = style.engine as ProviderName;
  if (!remote?.has(provider))
    throw new Error(`The style ${style.id} needs the ${provider} provider, which is not set up.`);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([timeout, stopping]);
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
      seed: crypto.randomInt(2 ** 31),
    };
    image = await remote.generate(provider, input, signal, onStart);
  } catch (error) {
    if (timeout.aborted && !stopping.aborted)
      throw new TaskTimeoutError(`The ${provider} job took longer than ${timeoutMs} ms.`);
    if (!(error instanceof ProviderError)) throw error;
    const ops = deps.log ?? log;
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
  if (!style.sticker) return { images: [image], prompt: job.prompt };
  try {
    return await pool.run({ jobId: job.jobId, styleId: STICKER_CUTOUT_STYLE, photo: image.data, client: job.client });
  } catch (error) {
    // A picture in which the cut finds nobody is still the visitor's picture: shown uncut.
    if (!(error instanceof VisitorFacingError)) throw error;
    log(`job ${job.jobId} style=${style.id}: no person to cut out of the generated picture; it is shown uncut`);
    return { images: [image], prompt: job.prompt };
  }
}
