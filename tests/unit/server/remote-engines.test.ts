import { describe, expect, it } from 'vitest';
import { patience } from '../../support/patience.ts';
import { ProviderError, type GenerateInput, type Provider } from '../../../server/engine/remote/provider.ts';
import { ProviderSkippedError, RemoteEngines } from '../../../server/engine/remote/remote-engines.ts';

const PICTURE = { data: new Uint8Array([1, 2, 3]), contentType: 'image/png' as const };
const input = (jobId: string) => ({
  jobId,
  photo: new Uint8Array(),
  photoType: 'image/jpeg',
  prompt: 'p',
  options: {},
  seed: 1,
});

/** A provider answering with `answers` in turn (an error is thrown), counting calls and calls in flight. */
function fakeProvider(answers: (Error | 'ok')[], delayMs = 0) {
  const stats = { calls: 0, inFlight: 0, most: 0 };
  const provider: Provider = {
    name: 'openai',
    parseOptions: (o) => o,
    async generate(_: GenerateInput) {
      stats.calls++;
      stats.inFlight++;
      stats.most = Math.max(stats.most, stats.inFlight);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      stats.inFlight--;
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (answer instanceof Error) throw answer;
      return PICTURE;
    },
  };
  return { provider, stats };
}

describe('RemoteEngines', () => {
  it("keeps at most the provider's concurrency in flight, and takes the rest in turn", async () => {
    const { provider, stats } = fakeProvider(['ok'], 20);
    const engines = new RemoteEngines([{ provider, concurrency: 2 }], { retries: 0 });
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => engines.generate('openai', input(`j${i}`), AbortSignal.timeout(5000))),
    );
    expect(stats).toMatchObject({ calls: 6, most: 2 });
  });

  it('retries a rate limit after its Retry-After and an outage with backoff, then answers', async () => {
    const { provider, stats } = fakeProvider([
      new ProviderError('rate-limited', 'slow down', { retryAfterMs: 50 }),
      new ProviderError('unavailable', '502'),
      'ok',
    ]);
    const lines: string[] = [];
    const engines = new RemoteEngines([{ provider, concurrency: 1 }], {
      retries: 3,
      backoffMs: 10,
      log: (l) => lines.push(l),
    });
    const started = performance.now();
    expect(await engines.generate('openai', input('j'), AbortSignal.timeout(5000))).toBe(PICTURE);
    expect(stats.calls).toBe(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    expect(lines[0]).toBe('job j openai: slow down Retrying in 0.1 s (attempt 2 of 4).');
  });

  it('gives up after its retries, and never retries a refusal or a bad key', async () => {
    for (const [error, calls] of [
      [new ProviderError('unavailable', 'down'), 3],
      [new ProviderError('refused', 'no'), 1],
      [new ProviderError('credentials', 'key'), 1],
      [new ProviderError('failed', 'bad workflow'), 1],
    ] as const) {
      const { provider, stats } = fakeProvider([error]);
      const engines = new RemoteEngines([{ provider, concurrency: 1 }], { retries: 2, backoffMs: 1 });
      await expect(engines.generate('openai', input('j'), AbortSignal.timeout(5000))).rejects.toBe(error);
      expect(stats.calls, error.kind).toBe(calls);
    }
  });

  it('stops waiting for a retry when the job is aborted', async () => {
    const { provider, stats } = fakeProvider([new ProviderError('rate-limited', 'later', { retryAfterMs: 10_000 })]);
    const engines = new RemoteEngines([{ provider, concurrency: 1 }], { retries: 3 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('timed out')), 30);
    await expect(engines.generate('openai', input('j'), controller.signal)).rejects.toThrow('timed out');
    expect(stats.calls).toBe(1);
  });

  it('skips a provider after five failed calls in a row, then lets one trial call through after the cooldown', async () => {
    const down = new ProviderError('unavailable', '503');
    const { provider, stats } = fakeProvider([down, down, down, down, down, 'ok']);
    const lines: string[] = [];
    const engines = new RemoteEngines([{ provider, concurrency: 1 }], {
      retries: 0,
      cooldownMs: 1000,
      log: (l) => lines.push(l),
    });
    const call = (id: string) => engines.generate('openai', input(id), AbortSignal.timeout(5000));
    for (let i = 0; i < 5; i++) await expect(call(`j${i}`)).rejects.toBe(down);
    expect(lines).toContain(
      'openai: 5 failed calls in a row; skipped for 1 s (BOOTH_PROVIDER_COOLDOWN_SECONDS), then tried again.',
    );
    await expect(call('j5')).rejects.toBeInstanceOf(ProviderSkippedError);
    expect(stats.calls).toBe(5);
    await expect
      .poll(
        async () =>
          call('j6').then(
            () => 'answered',
            () => 'skipped',
          ),
        { interval: 50, timeout: patience(1500) },
      )
      .toBe('answered');
    expect(stats.calls).toBe(6);
    expect(lines.at(-1)).toBe('openai: answered the trial call; called again.');
  });

  it('opens again for another cooldown when the trial call fails; an answer in between resets the count', async () => {
    const down = new ProviderError('unavailable', '503');
    const refused = new ProviderError('refused', 'moderation');
    const { provider, stats } = fakeProvider([down, down, down, down, refused, down, down, down, down, down, down]);
    const engines = new RemoteEngines([{ provider, concurrency: 1 }], { retries: 0, cooldownMs: 100 });
    const call = () => engines.generate('openai', input('j'), AbortSignal.timeout(5000)).catch((e: Error) => e);
    // Four failures, then a refusal (the provider answered): five more are needed to open it.
    for (let i = 0; i < 5; i++) await call();
    for (let i = 0; i < 5; i++) expect(await call()).toBe(down);
    expect(await call()).toBeInstanceOf(ProviderSkippedError);
    expect(stats.calls).toBe(10);
    await expect
      .poll(
        async () => {
          await call();
          return stats.calls;
        },
        { interval: 30, timeout: patience(500) },
      )
      .toBe(11);
    // The trial failed: skipped again at once, with no further call.
    const calls = stats.calls;
    expect(await call()).toBeInstanceOf(ProviderSkippedError);
    expect(stats.calls).toBe(calls);
  });
});
