// Uploads sent at once, in a process of their own (at the lowest priority, as another machine's
// CPU would be): `node body-flood.ts <port> <spec as JSON>`; prints each upload's outcome as JSON.
// Spec: [{bytes, from, count}]: `count` uploads of a `bytes`-long create body from address `from`
// (X-Forwarded-For; `{i}` in it is the upload's number).
import http from 'node:http';

export interface FloodGroup {
  bytes: number;
  from: string;
  count: number;
  /** Sent as a create body (JSON whose image is no photo: read whole, it ends 400); else raw bytes. */
  json: boolean;
}

export interface Outcome {
  status: number;
  body: string;
  /** The error the client saw instead of an answer (a reset, a broken pipe). */
  error?: string;
}

/** One upload on a socket of its own, written whole whatever the server answers, and its answer read. */
function upload(port: number, body: Buffer, from: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/transformations/jobs/create/',
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, 'X-Forwarded-For': from },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', (error) => resolve({ status: res.statusCode ?? 0, body: text, error: error.message }));
      },
    );
    req.on('error', (error) =>
      resolve({ status: 0, body: '', error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}` }),
    );
    req.end(body);
  });
}

const bodyOf = ({ bytes, json }: FloodGroup) =>
  json
    ? Buffer.from(
        JSON.stringify({ style_id: 'die-cut-sticker', image: `data:image/jpeg;base64,${'A'.repeat(bytes - 100)}` }),
      )
    : Buffer.alloc(bytes, 'A');

if (process.argv[1] === import.meta.filename) {
  const port = Number(process.argv[2]);
  const groups = JSON.parse(process.argv[3]!) as FloodGroup[];
  const uploads = groups.flatMap((group) => {
    const body = bodyOf(group);
    return Array.from({ length: group.count }, (_, i) => upload(port, body, group.from.replace('{i}', String(i))));
  });
  process.stdout.write(JSON.stringify(await Promise.all(uploads)));
}
