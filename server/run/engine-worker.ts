// One engine in one worker thread: start it, then restyle each photo the pool sends and put the
// tenant's brand frame on the result, mirrored if it asks (brand/brand-frame.ts), so neither ever runs on the event loop.
import '../process/sharp.ts';
import { parentPort, workerData } from 'node:worker_threads';
import type { EngineResult } from '../engine/engine.ts';
import { createEngine } from '../engine/index.ts';
import { applyBrandFrame, pictureType, type FrameFiles } from '../brand/brand-frame.ts';
import { finishesPicture } from '../brand/job-frame.ts';
import type { WorkerMessage, WorkerTask } from './pool.ts';

const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);
const detailOf = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/**
 * The result with the frame on every image, mirrored when the tenant asks; a frame that cannot be
 * used leaves it unframed (still mirrored), said in `frameProblem`.
 */
async function framed(
  result: EngineResult,
  frame: FrameFiles | undefined,
): Promise<{ result: EngineResult; frameProblem?: string }> {
  if (!frame || !finishesPicture(frame)) return { result };
  const finish = async (files: FrameFiles) => ({
    ...result,
    images: await Promise.all(result.images.map((image) => applyBrandFrame(image, files))),
  });
  try {
    return { result: await finish(frame) };
  } catch (error) {
    const frameProblem = error instanceof Error ? error.message : String(error);
    return { result: frame.mirror ? await finish({ mirror: true }) : result, frameProblem };
  }
}

try {
  const { engine: name, options } = workerData as { engine: string; options: Parameters<typeof createEngine>[1] };
  const engine = createEngine(name, options);
  await engine.start();
  port.on('message', async (message: { type: 'restyle' } & WorkerTask) => {
    if (message.type !== 'restyle') return;
    try {
      // No style: the photo is a finished picture (a provider's), only to be framed.
      const restyled =
        message.styleId === null
          ? { images: [{ data: message.photo, contentType: pictureType(message.photo) }], prompt: '' }
          : await engine.restyle({
              photo: message.photo,
              styleId: message.styleId,
              ...(message.frame?.scene ? { scene: message.frame.scene } : {}),
              ...(message.frame?.studio ? { studio: message.frame.studio } : {}),
            });
      const { result, frameProblem } = await framed(restyled, message.frame);
      post({ type: 'done', jobId: message.jobId, result, frameProblem });
    } catch (error) {
      // Matched by name as well: an engine may bundle its own copy of the EngineError class.
      const forVisitor = error instanceof Error && error.name === 'EngineError';
      post({
        type: 'failed',
        jobId: message.jobId,
        visitorMessage: forVisitor ? error.message : null,
        detail: detailOf(error),
      });
    }
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'start-failed', detail: detailOf(error) });
}
