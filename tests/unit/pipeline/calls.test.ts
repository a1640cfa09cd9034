// The three build-time calls with a stubbed fetch: what each answer turns into.
import { describe, expect, it } from 'vitest';
import { fetchBrandingItems } from '../../../scripts/pipeline/dataset.ts';
import type { Fetch } from '../../../scripts/pipeline/http.ts';
import { obtainToken } from '../../../scripts/pipeline/login.ts';
import { readSettings } from '../../../scripts/pipeline/settings.ts';
import { fetchStyles, publicThumbnail } from '../../../scripts/pipeline/styles.ts';

const settings = {
  ...readSettings({
    BOOTH_AUTH_HOST: 'http://auth.test',
    BOOTH_CONTENT_HOST: 'http://content.test',
    BOOTH_AI_HOST: 'http://ai.test',
  }),
  fetchTimeoutMs: 200,
};

type Seen = { url: string; init?: RequestInit };
function answering(status: number, body: string, seen: Seen[] = []): Fetch {
  return (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(url), init });
    return new Response(body, { status, headers: { 'content-type': 'application/json' } });
  }) as Fetch;
}
const refusing: Fetch = (async () => {
  throw new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  });
}) as Fetch;
const hanging: Fetch = ((_url: unknown, init?: RequestInit) =>
  new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))) as Fetch;

describe('the service login', () => {
  it('posts the credentials and returns the token', async () => {
    const seen: Seen[] = [];
    expect(await obtainToken(settings, answering(200, '{"token":"t0k"}', seen))).toBe('t0k');
    expect(seen[0].url).toBe('http://auth.test/jwt/obtain-token');
    expect(JSON.parse(String(seen[0].init?.body))).toEqual({
      username: settings.username,
      password: settings.password,
    });
  });

  it('fails with the response body when the auth host answers 400', async () => {
    await expect(obtainToken(settings, answering(400, '{"non_field_errors":["Unable to log in."]}'))).rejects.toThrow(
      /HTTP 400\): \{"non_field_errors":\["Unable to log in."\]\}\. Check BOOTH_SERVICE_USERNAME/,
    );
  });

  it('says nothing answers when the connection is refused', async () => {
    await expect(obtainToken(settings, refusing)).rejects.toThrow(
      /Cannot reach the auth host .*connection refused.*BOOTH_AUTH_HOST/,
    );
  });

  it('gives up after the time limit', async () => {
    await expect(obtainToken(settings, hanging)).rejects.toThrow(/did not answer .* within 200 ms/);
  });
});

describe('the dataset', () => {
  it('sends the token as "JWT {token}" and returns the branding items', async () => {
    const seen: Seen[] = [];
    const items = await fetchBrandingItems(settings, 'abc', answering(200, '{"content":[{"slug":"aurora"}]}', seen));
    expect(items).toEqual([{ slug: 'aurora' }]);
    expect(seen[0].url).toBe('http://content.test/datasets/10333');
    expect((seen[0].init?.headers as Record<string, string> | undefined)?.authorization).toBe('JWT abc');
  });

  it('fails clearly on an answer that is not JSON', async () => {
    await expect(fetchBrandingItems(settings, 'abc', answering(200, '<html>Bad gateway</html>'))).rejects.toThrow(
      /content host answered GET .* with something that is not JSON.*<html>Bad gateway/,
    );
  });

  it('fails clearly on JSON without a content list', async () => {
    await expect(fetchBrandingItems(settings, 'abc', answering(200, '{"items":[]}'))).rejects.toThrow(
      /without a "content" list/,
    );
  });

  it('fails with the status on a server error', async () => {
    await expect(fetchBrandingItems(settings, 'abc', answering(503, 'down for maintenance'))).rejects.toThrow(
      /HTTP 503: down for maintenance/,
    );
  });
});

describe('the styles', () => {
  it('are parsed with the contract and keep their thumbnails', async () => {
    const { styles, problems } = await fetchStyles(
      settings,
      answering(
        200,
        '[{"id":1,"description":"Sticker","thumbnail":"/t/1.jpg"},{"id":2,"description":"Pop","beta":true}]',
      ),
    );
    expect(styles).toEqual([
      { id: 1, description: 'Sticker', thumbnail: '/t/1.jpg', beta: false },
      { id: 2, description: 'Pop', beta: true },
    ]);
    expect(problems).toEqual([]);
  });

  it('drop a script thumbnail and an invalid style, and say so', async () => {
    const { styles, problems } = await fetchStyles(
      settings,
      answering(200, '[{"id":1,"description":"X","thumbnail":"javascript:alert(1)"},{"description":"no id"}]'),
    );
    expect(styles).toEqual([{ id: 1, description: 'X', thumbnail: null, beta: false }]);
    expect(problems).toHaveLength(2);
  });

  it('point thumbnails on the AI host the build called at the AI host browsers call', async () => {
    const answer = '[{"id":"a","description":"A","thumbnail":"http://ai.test/media/styles/a/thumbnail.webp"}]';
    const sameOrigin = await fetchStyles(settings, answering(200, answer));
    expect(sameOrigin.styles[0].thumbnail).toBe('/media/styles/a/thumbnail.webp');
    const elsewhere = await fetchStyles(
      { ...settings, publicAiHost: 'https://ai.example.org/' },
      answering(200, answer),
    );
    expect(elsewhere.styles[0].thumbnail).toBe('https://ai.example.org/media/styles/a/thumbnail.webp');
    expect(publicThumbnail('https://cdn.example.org/a.webp', 'http://ai.test', '')).toBe(
      'https://cdn.example.org/a.webp',
    );
  });

  it('cost a warning, not the build, when the AI host is down', async () => {
    const { styles, problems } = await fetchStyles(settings, refusing);
    expect(styles).toEqual([]);
    expect(problems[0]).toMatch(/^warning: no styles were baked into the styles page \(Cannot reach the AI host/);
  });
});
