// What a hostile client sends cannot forge the operator's log, fill it with stacks, or have a
// megabyte echoed back to it.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/server.ts';
import { postJob } from './support/client.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { BOOTH_WORKERS: '1' } });
});
afterAll(() => server.stop());

/** The server's output lines that mention `needle`. */
const linesWith = (needle: string) => server.output().split('\n').filter((line) => line.includes(needle));

describe('the log', () => {
  it('escapes a newline and an ESC in a URL path: no forged line, no terminal escape', async () => {
    const forged = '2026-11-23 job abc COMPLETED';
    const res = await fetch(`${server.url}/jwt/marker-1%0A${encodeURIComponent(forged)}%1B[2J`);
    expect(res.status).toBe(404);
    await expect.poll(() => linesWith('marker-1')).toHaveLength(1);
    const [line] = linesWith('marker-1');
    expect(line).toContain('marker-1\\n2026-11-23 job abc COMPLETED\\x1b[2J 404');
    expect(server.output()).not.toContain('\u001b');
    expect(server.output().split('\n').some((l) => l.startsWith(forged))).toBe(false);
  });

  it('says in one line that a client went away mid-upload: no 500, no stack', async () => {
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /transformations/jobs/create/?marker-2 HTTP/1.1\r\nHost: booth\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000000\r\n\r\n{"style_id":"die-cut-sticker","image":"data:image/jpeg;base64,AAAA',
    );
    // Wait until the server has started reading the body, then hang up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await expect.poll(() => linesWith('POST /transformations/jobs/create/').length).toBeGreaterThan(0);
    const lines = linesWith('POST /transformations/jobs/create/');
    expect(lines).toEqual([expect.stringMatching(/ 400 \d+ms \(the client went away before its request was read\)$/)]);
    expect(server.output()).not.toMatch(/ 500 |failed:|\n\s+at /);
  });
});

describe('an error message', () => {
  it('shows only an excerpt of a huge style id', async () => {
    const styleId = 'x'.repeat(1_000_000);
    const res = await postJob(server.url, { style_id: styleId, image: 'data:image/jpeg;base64,AAAA' });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text.length).toBeLessThan(300);
    expect(JSON.parse(text).error).toBe(`There is no style "${'x'.repeat(60)}…". Pick one of the listed styles.`);
  });

  it('shows only the start of a long path', async () => {
    const res = await fetch(`${server.url}/jwt/${'y'.repeat(8_000)}`);
    const text = await res.text();
    expect(res.status).toBe(404);
    expect(text.length).toBeLessThan(400);
    expect(JSON.parse(text).error).toMatch(/^There is no GET \/jwt\/y+… on this server\.$/);
  });
});
