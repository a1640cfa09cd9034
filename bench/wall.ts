// The event wall on the embedded default: 50 walls connected to one server (Server-Sent Events),
// 1 000 pictures approved in the console within a minute, one every 60 ms; for every picture on
// every wall, the time from the approval being sent to the wall that first shows it arriving.
// The jobs are written straight into the server's SQLite file before it starts (COMPLETED, a
// display copy named but no file on disk: a wall sends URLs, never the images); their guests say
// yes through the wall's own call, and the approvals go through the console's API, as an operator's.
// The server is a process of its own; this process is the 50 walls and the operator.
//   npm run bench -- wall
import { DEFAULT_SERVICE_PASSWORD, DEFAULT_SERVICE_USERNAME, JOB_STATUS } from '../contract/index.ts';
import { WALL_EVENT, wallEventsPath, wallSayPath } from '../contract/wall.ts';
import { openDatabase } from '../server/storage/database.ts';
import { currentRss, newDataDir, peakRss, startServer } from '../tests/support/server-process.ts';
import type { BenchRow } from './row.ts';
import { percentile } from './stats.ts';

const WALLS = 50;
const PICTURES = 1000;
const MINUTE_MS = 60_000;
const TENANT = 'gala';
/** How long the last picture may take to reach every wall before it counts as never shown. */
const LAST_WAIT_MS = 10_000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** COMPLETED jobs of the tenant, as a worker leaves them, written before the server opens the file. */
function writeJobs(dataDir: string): string[] {
  const db = openDatabase(dataDir);
  const insert = db.prepare(
    `INSERT INTO jobs (id, style_id, status, prompt, images, previews, message, tenant, created_at, started_at, finished_at)
     VALUES (?, 'die-cut-sticker', ?, 'p', '["1.png"]', '["1.preview.webp"]', '', ?, ?, ?, ?)`,
  );
  const now = Date.now();
  const ids = Array.from({ length: PICTURES }, (_, i) => `bench-wall-${String(i).padStart(4, '0')}`);
  db.exec('BEGIN');
  for (const id of ids) insert.run(id, JOB_STATUS.completed, TENANT, now - 2000, now - 1500, now);
  db.exec('COMMIT');
  db.close();
  return ids;
}

/** The service account's console session, as the operator's browser holds it. */
async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEFAULT_SERVICE_USERNAME, password: DEFAULT_SERVICE_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in refused: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** A wall: its stream read as a browser's EventSource would, noting when each picture first showed. */
async function openWall(url: string, firstSeen: Map<string, number>[]) {
  const seen = new Map<string, number>();
  firstSeen.push(seen);
  const stop = new AbortController();
  const res = await fetch(url + wallEventsPath(TENANT), { signal: stop.signal });
  if (!res.ok || !res.body) throw new Error(`wall refused: ${res.status}`);
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes(`event: ${WALL_EVENT}`)) continue;
          const at = performance.now();
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
            .join('\n');
          for (const picture of (JSON.parse(data) as { pictures: { id: string }[] }).pictures)
            if (!seen.has(picture.id)) seen.set(picture.id, at);
        }
      }
    } catch {
      // Closed at the end of the run.
    }
  })();
  return () => stop.abort();
}

export default async function wallBench(): Promise<BenchRow[]> {
  const dataDir = newDataDir('bench-wall');
  const ids = writeJobs(dataDir);
  const server = await startServer({
    dataDir,
    env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off' },
  });
  const closers: (() => void)[] = [];
  try {
    for (const id of ids) {
      const res = await fetch(server.url + wallSayPath(TENANT, id), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ show: true }),
      });
      if (res.status !== 200) throw new Error(`say refused: ${res.status} ${await res.text()}`);
    }
    const operator = await signIn(server.url);
    const idle = currentRss(server.pid);

    const firstSeen: Map<string, number>[] = [];
    for (let i = 0; i < WALLS; i++) closers.push(await openWall(server.url, firstSeen));
    const connected = currentRss(server.pid);

    const sentAt = new Map<string, number>();
    const refused: string[] = [];
    const started = performance.now();
    const approvals: Promise<void>[] = [];
    for (const [i, id] of ids.entries()) {
      const due = started + (i * MINUTE_MS) / PICTURES;
      const ahead = due - performance.now();
      // Pacing the operator, not waiting for an outcome.
      if (ahead > 0) await new Promise((resolve) => setTimeout(resolve, ahead));
      sentAt.set(id, performance.now());
      approvals.push(
        fetch(`${server.url}/admin/api/tenants/${TENANT}/wall/${id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: operator },
          body: JSON.stringify({ decision: 'approve' }),
        }).then(async (res) => {
          if (res.status !== 204) refused.push(`${id}: ${res.status} ${await res.text()}`);
        }),
      );
    }
    await Promise.all(approvals);
    const approvedIn = performance.now() - started;
    const last = ids.at(-1)!;
    const deadline = performance.now() + LAST_WAIT_MS;
    while (performance.now() < deadline && !firstSeen.every((seen) => seen.has(last)))
      await new Promise((resolve) => setTimeout(resolve, 50));
    const after = currentRss(server.pid);
    const peak = peakRss(server.pid);

    const delays: number[] = [];
    let missed = 0;
    for (const seen of firstSeen)
      for (const id of ids) {
        const at = seen.get(id);
        if (at === undefined) missed++;
        else delays.push(at - sentAt.get(id)!);
      }
    if (refused.length > 0) throw new Error(`${refused.length} approvals refused, the first: ${refused[0]}`);
    const how = `${WALLS} walls (SSE) on one server, ${PICTURES} approvals through the console API in ${(approvedIn / 1000).toFixed(0)} s; from sending the approval to the wall event that first lists it`;
    const ms = (p: number) => `${percentile(delays, p).toFixed(0)} ms`;
    return [
      { area: 'wall', figure: 'approval to shown, p50', value: ms(50), how },
      { area: 'wall', figure: 'approval to shown, p95', value: ms(95), how },
      { area: 'wall', figure: 'approval to shown, max', value: ms(100), how },
      {
        area: 'wall',
        figure: 'pictures never shown on a wall',
        value: String(missed),
        how: `of ${WALLS * PICTURES} (picture, wall) pairs`,
      },
      {
        area: 'wall',
        figure: 'server memory (RSS) before the walls',
        value: mb(idle),
        how: `${PICTURES} jobs said yes to, 1 engine worker thread`,
      },
      {
        area: 'wall',
        figure: 'memory growth, 50 walls connected',
        value: mb(connected - idle),
        how: 'RSS after the walls connected, less before',
      },
      {
        area: 'wall',
        figure: 'memory growth over the run',
        value: mb(after - idle),
        how: `RSS after the last approval reached every wall, less before the walls (peak ${mb(peak)})`,
      },
    ];
  } finally {
    for (const close of closers) close();
    await server.stop();
  }
}

if (process.argv[1] === import.meta.filename) {
  const { formatTable } = await import('./row.ts');
  console.log(formatTable(await wallBench()));
}
