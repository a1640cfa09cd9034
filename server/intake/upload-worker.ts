// A thread that reads create-job bodies (upload-body.ts), so the event loop never parses them.
import { parentPort } from 'node:worker_threads';
import { readUploadBody } from './upload-body.ts';

const port = parentPort!;
port.on('message', ({ id, body }: { id: number; body: Uint8Array }) => {
  const result = readUploadBody(body);
  // The photo's bytes move to the main thread instead of being copied.
  const photo = result.ok && 'data' in result.photo ? result.photo.data : null;
  // A small Buffer is a slice of Node's shared pool, which must not move: it is copied instead.
  const whole = photo && photo.byteOffset === 0 && photo.byteLength === photo.buffer.byteLength;
  port.postMessage({ id, result }, whole ? [photo.buffer as ArrayBuffer] : []);
});
