// A worker thread shaped like the server's: one engine, started once, one job per message.
import { parentPort } from 'node:worker_threads';
import { createEngine } from '../../../../server/engine/index.ts';

const engine = createEngine();
await engine.start();
parentPort?.on('message', async (job: { photo: Uint8Array; styleId: string }) => {
  try {
    const result = await engine.restyle(job);
    parentPort?.postMessage({ ok: true, prompt: result.prompt, bytes: result.images[0].data.byteLength });
  } catch (error) {
    const { name, message } = error as Error;
    parentPort?.postMessage({ ok: false, name, message });
  }
});
parentPort?.postMessage({ ready: true });
