import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { TokenRequestSchema } from '../../../contract/index.ts';
import { jsonBody, limitBody, validJson } from '../../../server/hosts/http.ts';

const SHAPE = 'Send {"username": "...", "password": "..."} as JSON.';

function edge(requireJsonType: boolean) {
  const seen: unknown[] = [];
  const app = new Hono({ strict: false });
  app.post(
    '/login',
    limitBody(64, 'too large'),
    jsonBody({ requireJsonType }),
    validJson(TokenRequestSchema, SHAPE),
    (c) => {
      seen.push(c.req.valid('json'));
      return c.json({ ok: true });
    },
  );
  const post = async (body: string, type = 'application/json', path = '/login') => {
    const res = await app.request(path, { method: 'POST', headers: { 'Content-Type': type }, body });
    return { status: res.status, body: (await res.json()) as { error?: string } };
  };
  return { post, seen };
}

describe('a JSON body checked at the edge of a route', () => {
  it('hands the handler only the fields the schema accepts', async () => {
    const { post, seen } = edge(true);
    expect((await post('{"username": "a", "password": "b", "extra": 1}')).status).toBe(200);
    expect(seen).toEqual([{ username: 'a', password: 'b' }]);
  });

  it('answers a body that is not JSON with the same sentence on every call', async () => {
    for (const requireJsonType of [true, false]) {
      const { post, seen } = edge(requireJsonType);
      expect(await post('{"username": ')).toEqual({
        status: 400,
        body: { error: 'The request body is not valid JSON.' },
      });
      expect(seen).toEqual([]);
    }
  });

  it("answers JSON of the wrong shape with the call's own sentence", async () => {
    const { post, seen } = edge(true);
    for (const body of ['[]', 'null', '{"username": "a"}', '{"username": "", "password": "b"}']) {
      expect(await post(body), body).toEqual({ status: 400, body: { error: SHAPE } });
    }
    expect(seen).toEqual([]);
  });

  it('answers 415 for a body not labelled application/json where the call requires it', async () => {
    const { post } = edge(true);
    for (const type of ['text/plain', 'application/vnd.booth+json', 'application/x-www-form-urlencoded']) {
      expect(await post('{"username": "a", "password": "b"}', type), type).toEqual({
        status: 415,
        body: { error: 'Send the request body as JSON (Content-Type: application/json).' },
      });
    }
    expect((await post('{"username": "a", "password": "b"}', 'application/json; charset=utf-8')).status).toBe(200);
  });

  it('reads a body whatever its label where the call does not require it', async () => {
    const { post, seen } = edge(false);
    expect((await post('{"username": "a", "password": "b"}', 'text/plain')).status).toBe(200);
    expect(seen).toEqual([{ username: 'a', password: 'b' }]);
  });

  it('answers 413 before reading a body over the limit', async () => {
    const { post, seen } = edge(true);
    expect(await post(JSON.stringify({ username: 'a', password: 'b'.repeat(100) }))).toEqual({
      status: 413,
      body: { error: 'too large' },
    });
    expect(seen).toEqual([]);
  });
});
