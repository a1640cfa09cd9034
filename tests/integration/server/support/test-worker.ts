// A stand-in engine worker for the pool's own tests: its behaviour is chosen by the style id.
import { parentPort, workerData } from 'node:worker_threads';
import type { WorkerMessage } from '../../../../server/run/pool.ts';

const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

if ((workerData as { failStart?: boolean } | undefined)?.failStart) {
  post({ type: 'start-failed', detail: 'model file missing' });
} else {
  port.on('message', async (message: { jobId: string; styleId: string; photo: Uint8Array }) => {
    const { jobId, styleId } = message;
    if (styleId === 'spin') for (;;); // synchronous work that only terminating the thread can end
    if (styleId === 'crash') process.exit(3);
    if (styleId === 'refuse')
      return post({ type: 'failed', jobId, visitorMessage: 'No person in the photo.', detail: 'EngineError' });
    if (styleId === 'throw')
      return post({ type: 'failed', jobId, visitorMessage: null, detail: 'TypeError: x is undefined' });
    // 'hold' keeps its worker busy long enough for a test to look at the others.
    await new Promise((r) => setTimeout(r, styleId === 'hold' ? 3_000 : 100));
    post({
      type: 'done',
      jobId,
      result: { prompt: `echo ${styleId}`, images: [{ data: message.photo, contentType: 'image/png' }] },
    });
  });
  post({ type: 'ready' });
}
