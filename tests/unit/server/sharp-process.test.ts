// libvips' operation cache is one for the whole process, and sharp turns it on in every thread
// that loads it: the booth keeps it off (server/process/sharp.ts) only if each thread that loads
// sharp goes through that module.
import sharp from 'sharp';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const SHARP_SETUP = pathToFileURL(join(import.meta.dirname, '..', '..', '..', 'server', 'process', 'sharp.ts')).href;

/** Runs a thread that imports `module`, and resolves once it has. */
async function threadLoading(module: string): Promise<void> {
  const worker = new Worker(
    `import(${JSON.stringify(module)}).then(() => require('node:worker_threads').parentPort.postMessage('loaded'))`,
    { eval: true },
  );
  try {
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

describe("sharp's cache, set once for the process", () => {
  it('is off once server/process/sharp.ts is loaded', async () => {
    await import(SHARP_SETUP);
    expect(sharp.cache().memory.max).toBe(0);
    expect(sharp.cache().items.max).toBe(0);
  });

  it('is turned on again for every thread by a thread that loads sharp by itself', async () => {
    await import(SHARP_SETUP);
    await threadLoading('sharp');
    expect(sharp.cache().items.max).toBeGreaterThan(0);
    sharp.cache(false);
  });

  it('stays off when the thread loads sharp through server/process/sharp.ts, as the engine threads do', async () => {
    await import(SHARP_SETUP);
    await threadLoading(SHARP_SETUP);
    expect(sharp.cache().memory.max).toBe(0);
    expect(sharp.cache().items.max).toBe(0);
  });
});
