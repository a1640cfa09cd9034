// A small stand-in for the auth, content and AI hosts on a loopback port, for the failures the
// embedded server never produces on purpose: a content host that answers garbage, a refused
// login, a known token to look for in dist/. It answers real HTTP, like any remote host.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeHosts {
  url: string;
  /** Every request seen: method, path, authorization header. */
  seen: { method: string; path: string; authorization?: string; body?: string }[];
  stop(): Promise<void>;
}

export interface FakeHostOptions {
  token?: string;
  /** The branding items the dataset answers with. */
  items?: unknown[];
  styles?: unknown;
  /** Replace a route's answer: status and raw body. */
  answers?: Partial<Record<'token' | 'dataset' | 'styles', { status: number; body: string }>>;
}

export const SAMPLE_STYLES = [
  { id: 1, description: 'Die-cut sticker', thumbnail: '/thumbnails/sticker.jpg', beta: false },
  { id: 2, description: 'Pop art', thumbnail: null, beta: true },
];

export async function startFakeHosts(options: FakeHostOptions = {}): Promise<FakeHosts> {
  const token = options.token ?? 'fake-token-0123456789abcdef';
  const seen: FakeHosts['seen'] = [];
  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      seen.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
      const route =
        path === '/jwt/obtain-token'
          ? 'token'
          : path.startsWith('/datasets/')
            ? 'dataset'
            : path === '/transformations/styles'
              ? 'styles'
              : null;
      const forced = route ? options.answers?.[route] : undefined;
      if (forced) return send(res, forced.status, forced.body);
      if (route === 'token') return send(res, 200, JSON.stringify({ token }));
      if (route === 'dataset') {
        if (req.headers.authorization !== `JWT ${token}`)
          return send(res, 401, JSON.stringify({ error: 'Log in first.' }));
        return send(res, 200, JSON.stringify({ content: options.items ?? [] }));
      }
      if (route === 'styles') return send(res, 200, JSON.stringify(options.styles ?? SAMPLE_STYLES));
      send(res, 404, JSON.stringify({ error: 'No such path.' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
