// One attack on a running booth, in a process of its own so that the measuring process stays
// idle: `node bench/abuse/attacker.ts <proxy|queue|bodies> <url>`, until it is killed.
// Clients are told apart by X-Forwarded-For (the bench's server trusts 127.0.0.1 as a proxy).
import http from 'node:http';
import sharp from 'sharp';
import { join } from 'node:path';

const [kind, url] = process.argv.slice(2) as [string, string];
const { hostname, port } = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });

/** One request, its answer read and dropped; never throws (a refused connection is part of it). */
function send(method: string, path: string, client: string, body?: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'X-Forwarded-For': client };
    if (body) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    const req = http.request({ host: hostname, port, method, path, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

async function forever(task: () => Promise<unknown>) {
  for (;;) await task();
}

/** The venue's one public address: the bench's guests and this attacker share it. */
const VENUE_ADDRESS = '10.6.0.1';

const BACKGROUND = 's3://booth-assets/photobooth/aurora/background.jpg';

if (kind === 'proxy') {
  // 8 clients, each asking each time a new size, the source enlarged: never a cache hit.
  let width = 100;
  for (let c = 0; c < 8; c++)
    void forever(() => send('GET', `/insecure/rs:fill:${width++}:4096:1/g:sm/plain/${BACKGROUND}`, `10.3.0.${c}`));
} else if (kind === 'queue') {
  // One client sending jobs as fast as it can, 20 at a time: it alone would fill the queue.
  const photo = await sharp(join(import.meta.dirname, '../../tests/fixtures/astronaut.jpg'))
    .resize(3000, 2400, { fit: 'cover' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const body = Buffer.from(
    JSON.stringify({ style_id: 'die-cut-sticker', image: `data:image/jpeg;base64,${photo.toString('base64')}` }),
  );
  for (let i = 0; i < 20; i++) void forever(() => send('POST', '/transformations/jobs/create/', '10.4.0.1', body));
} else if (kind === 'venue') {
  // One client behind a venue's address (no visitor token: counted as that address), sending
  // 3000x2400 jobs 20 at a time without pause, while the venue's guests make their photos.
  const photo = await sharp(join(import.meta.dirname, '../../tests/fixtures/astronaut.jpg'))
    .resize(3000, 2400, { fit: 'cover' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const body = Buffer.from(
    JSON.stringify({ style_id: 'die-cut-sticker', image: `data:image/jpeg;base64,${photo.toString('base64')}` }),
  );
  for (let i = 0; i < 20; i++) void forever(() => send('POST', '/transformations/jobs/create/', VENUE_ADDRESS, body));
} else if (kind === 'bodies') {
  // 100 bodies of 20 MB at once, from 100 addresses, again and again: JSON and base64 to read whole.
  const body = Buffer.from(
    JSON.stringify({
      style_id: 'die-cut-sticker',
      image: `data:image/jpeg;base64,${'A'.repeat(20 * 1024 * 1024 - 100)}`,
    }),
  );
  for (let c = 0; c < 100; c++) void forever(() => send('POST', '/transformations/jobs/create/', `10.5.0.${c}`, body));
} else {
  console.error(`unknown attack ${kind}`);
  process.exit(2);
}
