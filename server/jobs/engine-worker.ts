// One engine in one worker thread: start it, then restyle each photo the pool sends.
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../engine/index.ts';
import type { WorkerMessage } from './pool.ts';

const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);
const detailOf = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

try {
  const { engine: name, options } = workerData as { engine: string; options: Parameters<typeof createEngine>[1] };
  const engine = createEngine(name, options);
  await engine.start();
  port.on('message', async (message: { type: 'restyle'; jobId: string; styleId: string; photo: Uint8Array }) => {
    if (message.type !== 'restyle') return;
    try {
      const result = await engine.restyle({ photo: message.photo, styleId: message.styleId });
      post({ type: 'done', jobId: message.jobId, result });
    } catch (error) {
      // Matched by name as well: an engine may bundle its own copy of the EngineError class.
      const forVisitor = error instanceof Error && error.name === 'EngineError';
      post({ type: 'failed', jobId: message.jobId, visitorMessage: forVisitor ? error.message : null, detail: detailOf(error) });
    }
  });
  post({ type: 'ready' });
} catch (error) {
  post({ type: 'start-failed', detail: detailOf(error) });
}
