import { describe, expect, it, vi } from 'vitest';
import {
  AiHubError,
  SERVER_TROUBLE_MESSAGE,
  UNREACHABLE_MESSAGE,
  createAiHub,
  errorHeading,
} from '../../../src/lib/ai-hub.ts';
import { isRetryable } from '../../../src/lib/ai-hub-error.ts';

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
type Calls = { mock: { calls: [RequestInfo | URL, RequestInit?][] } };
/** The create call among a mock's calls (the visitor token is asked for first). */
const createCall = (fetchMock: Calls) =>
  fetchMock.mock.calls.find(([url]) => String(url).endsWith('/transformations/jobs/create/'))!;

describe('the AI hub client', () => {
  it('gets the styles from {ai host}/transformations/styles and reads them with the contract', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json([{ id: 1, description: 'Comic' }]),
    );
    const styles = await createAiHub('http://hub.example/', fetchMock).styles();
    expect(fetchMock.mock.calls[0][0]).toBe('http://hub.example/transformations/styles');
    expect(styles).toEqual([{ id: 1, description: 'Comic', beta: false }]);
  });

  it('posts {style_id, image} to /transformations/jobs/create/', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json({ id: 'j1' }, 201));
    const created = await createAiHub('', fetchMock).createJob('sticker', 'data:image/jpeg;base64,AAAA');
    const [url, init] = createCall(fetchMock);
    expect(url).toBe('/transformations/jobs/create/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ style_id: 'sticker', image: 'data:image/jpeg;base64,AAAA' });
    expect(created.id).toBe('j1');
  });

  it("adds the booth's tenant to the create call when given, so the result carries its frame", async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json({ id: 'j2' }, 201));
    await createAiHub('', fetchMock).createJob('comic', 'data:image/jpeg;base64,AAAA', 'gala');
    expect(JSON.parse(String(createCall(fetchMock)[1]?.body))).toEqual({
      style_id: 'comic',
      image: 'data:image/jpeg;base64,AAAA',
      tenant: 'gala',
    });
  });

  it("sends the guest's words for a style that asks for them, and the backdrop picked", async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json({ id: 'j3' }, 201));
    await createAiHub('', fetchMock).createJob('superhero', 'data:image/jpeg;base64,AAAA', 'gala', 1, {
      name: 'Captain Ada',
      power: 'flight',
    });
    expect(JSON.parse(String(createCall(fetchMock)[1]?.body))).toEqual({
      style_id: 'superhero',
      image: 'data:image/jpeg;base64,AAAA',
      tenant: 'gala',
      backdrop: 1,
      inputs: { name: 'Captain Ada', power: 'flight' },
    });
  });

  it("gives a refusal of the guest's words with each sentence by its input's name", async () => {
    const sentence = "Let's keep the evening friendly: please choose other words.";
    const fetchMock = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
      String(url).endsWith('/transformations/jobs/create/')
        ? json({ error: sentence, inputs: { name: sentence } }, 400, 'Bad Request')
        : json({ token: 't' }, 201),
    );
    const refused = await createAiHub('', fetchMock)
      .createJob('superhero', 'data:image/jpeg;base64,AAAA', 'gala', undefined, { name: 'Stupid', power: 'flight' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AiHubError);
    expect((refused as AiHubError).status).toBe(400);
    expect((refused as AiHubError).fields).toEqual({ name: sentence });
    expect(JSON.parse(String(createCall(fetchMock)[1]?.body)).inputs).toEqual({ name: 'Stupid', power: 'flight' });
  });

  it('asks the server to hold the job answer until it ends (wait, at most 20 s)', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json({ images: [], prompt: 'p', result: { status: 'pending' } }),
    );
    const job = await createAiHub('', fetchMock).job('j1', 20);
    expect(fetchMock.mock.calls[0][0]).toBe('/transformations/jobs/j1/?wait=20');
    expect(job.result.status).toBe('pending');
  });

  it('reads a job answer already on its way instead of asking again, with the same rules', async () => {
    const fetchMock = vi.fn(async () => json({ images: [], prompt: 'p', result: { status: 'pending' } }));
    const hub = createAiHub('', fetchMock);
    const job = await hub.job(
      'j1',
      20,
      Promise.resolve(json({ images: ['/r.png'], prompt: 'p', result: { status: 'COMPLETED' } })),
    );
    expect(job.images).toEqual(['/r.png']);
    expect(fetchMock).not.toHaveBeenCalled();
    const failed = await hub.job('j1', 20, Promise.reject(new TypeError('Failed to fetch'))).catch((e: unknown) => e);
    expect(errorHeading(failed)).toBe(UNREACHABLE_MESSAGE);
  });

  it('turns a network failure into a hint at the connection', async () => {
    const error = await createAiHub('', async () => Promise.reject(new TypeError('Failed to fetch')))
      .styles()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiHubError);
    expect(errorHeading(error)).toBe(UNREACHABLE_MESSAGE);
  });

  it('turns a bare 5xx and a garbage answer into a plain apology, never a status code', async () => {
    const failures = [
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
      vi.fn(async () => new Response('<html>proxy error</html>', { status: 200 })),
      vi.fn(async () => json({ unexpected: true })),
    ];
    for (const fetchMock of failures) {
      const error = await createAiHub('', fetchMock)
        .styles()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AiHubError);
      expect(errorHeading(error)).toBe(SERVER_TROUBLE_MESSAGE);
    }
  });

  it("shows a 5xx answer's own sentence, such as the booth being busy", async () => {
    const busy = 'The booth is busy right now. Please try again in a minute.';
    const error = await createAiHub('', async () => json({ error: busy }, 503, 'Service Unavailable'))
      .createJob('sticker', 'data:image/jpeg;base64,AAAA')
      .catch((e: unknown) => e);
    expect(errorHeading(error)).toBe(busy);
  });

  it("shows a 4xx answer's sentence, else its status text", async () => {
    const withSentence = await createAiHub('', async () => json({ error: 'No job has the id 7.' }, 404, 'Not Found'))
      .job('7')
      .catch((e: unknown) => e);
    expect(errorHeading(withSentence)).toBe('No job has the id 7.');
    const bare = await createAiHub('', async () => new Response('', { status: 404, statusText: 'Not Found' }))
      .job('7')
      .catch((e: unknown) => e);
    expect(errorHeading(bare)).toBe('Not Found');
  });

  it('says when asking again may help: a network failure or a server error, not a 4xx', () => {
    expect(isRetryable(new AiHubError(UNREACHABLE_MESSAGE))).toBe(true);
    expect(isRetryable(new AiHubError(SERVER_TROUBLE_MESSAGE, 502))).toBe(true);
    expect(isRetryable(new AiHubError('There is no such job.', 404, 'There is no such job.'))).toBe(false);
  });

  describe('the visitor token', () => {
    /** A hub that gives tokens t1, t2, … and answers creates with `create`. */
    function hub(create: (init?: RequestInit) => Response) {
      let minted = 0;
      return vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
        if (String(url).endsWith('/transformations/visitors/')) return json({ token: `t${++minted}` });
        return create(init);
      });
    }
    const sent = (init?: RequestInit) => new Headers(init?.headers).get('X-Booth-Visitor');

    it('is asked for once per visit and sent on every create as X-Booth-Visitor', async () => {
      const fetchMock = hub(() => json({ id: 'j' }, 201));
      const aiHub = createAiHub('http://hub.example', fetchMock);
      await aiHub.createJob('sticker', 'data:image/jpeg;base64,AAAA');
      await aiHub.createJob('comic', 'data:image/jpeg;base64,AAAA');
      const urls = fetchMock.mock.calls.map(([url]) => String(url));
      expect(urls).toEqual([
        'http://hub.example/transformations/visitors/',
        'http://hub.example/transformations/jobs/create/',
        'http://hub.example/transformations/jobs/create/',
      ]);
      expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
      expect(fetchMock.mock.calls.slice(1).map(([, init]) => sent(init))).toEqual(['t1', 't1']);
    });

    it('is asked for again when the hub refuses it (an expired visit), and the photo sent once more', async () => {
      const fetchMock = hub((init) =>
        sent(init) === 't1'
          ? json({ error: 'Your visit has expired. Please reload the page and try again.' }, 401)
          : json({ id: 'j9' }, 201),
      );
      const created = await createAiHub('', fetchMock).createJob('sticker', 'data:image/jpeg;base64,AAAA');
      expect(created.id).toBe('j9');
      expect(fetchMock.mock.calls.map(([, init]) => sent(init))).toEqual([null, 't1', null, 't2']);
    });

    it('is asked for again when an email or a lead is refused for it, and the call sent once more', async () => {
      const fetchMock = hub((init) =>
        sent(init) === 't1'
          ? json({ error: 'Your visit has expired. Please reload the page and try again.' }, 401)
          : json({ queued: true, stored: true }, 202),
      );
      const aiHub = createAiHub('', fetchMock);
      await aiHub.emailPicture('j1', 'ada@example.com');
      await aiHub.sendLead('gala', { name: 'Ada', consent: true });
      const posts = fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('/visitors/'));
      expect(posts.map(([url, init]) => [String(url), sent(init)])).toEqual([
        ['/transformations/jobs/j1/email/', 't1'],
        ['/transformations/jobs/j1/email/', 't2'],
        ['/transformations/leads/gala/', 't2'],
      ]);
      expect(posts.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
        { address: 'ada@example.com' },
        { address: 'ada@example.com' },
        { name: 'Ada', consent: true },
      ]);
    });

    it('gives up after one new token: a second refusal reaches the guest', async () => {
      const fetchMock = hub(() =>
        json({ error: 'Your visit has expired. Please reload the page and try again.' }, 401),
      );
      await expect(createAiHub('', fetchMock).emailPicture('j1', 'ada@example.com')).rejects.toMatchObject({
        status: 401,
        message: 'Your visit has expired. Please reload the page and try again.',
      });
      expect(fetchMock.mock.calls.map(([, init]) => sent(init))).toEqual([null, 't1', null, 't2']);
    });

    it('is left out when the hub has no visitors call (another AI host): creates go as before', async () => {
      const fetchMock = vi.fn(async (url: RequestInfo | URL) =>
        String(url).endsWith('/visitors/')
          ? json({ error: 'There is no POST /transformations/visitors/ on this server.' }, 404)
          : json({ id: 'j3' }, 201),
      );
      const created = await createAiHub('', fetchMock).createJob('sticker', 'data:image/jpeg;base64,AAAA');
      expect(created.id).toBe('j3');
      expect(sent(createCall(fetchMock)[1])).toBeNull();
    });
  });
});
