import { describe, expect, it } from 'vitest';
import { FairLimiter, LimiterFullError, pickFair } from '../../../../server/limits/fair-limiter.ts';

/** A task that runs until its test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened };
}

describe('FairLimiter', () => {
  it("starts a second client before the rest of a first client's flood", async () => {
    const limiter = new FairLimiter({ concurrency: 1 });
    const order: string[] = [];
    const first = gate();
    const running = limiter.run('flood', first.task);
    const flood = [1, 2, 3].map((n) => limiter.run('flood', async () => void order.push(`flood ${n}`)));
    const visitor = limiter.run('visitor', async () => void order.push('visitor'));
    expect(limiter.waiting).toBe(4);
    first.open();
    await Promise.all([running, ...flood, visitor]);
    expect(order).toEqual(['visitor', 'flood 1', 'flood 2', 'flood 3']);
  });

  it('runs at most perClient tasks of one client, and lets other clients use the rest', async () => {
    const limiter = new FairLimiter({ concurrency: 3, perClient: 1 });
    const a = gate();
    const b = gate();
    const runs = [limiter.run('a', a.task), limiter.run('a', a.task), limiter.run('b', b.task)];
    expect(limiter.active).toBe(2);
    expect(limiter.waiting).toBe(1);
    a.open();
    b.open();
    await Promise.all(runs);
    expect(limiter.active).toBe(0);
  });

  it('refuses at once when its line is full, and a task that fails frees its place', async () => {
    const limiter = new FairLimiter({ concurrency: 1, maxWaiting: 1 });
    const held = gate();
    const running = limiter.run('a', held.task);
    const waiting = limiter.run('b', async () => 'b ran');
    await expect(limiter.run('c', async () => 'c ran')).rejects.toBeInstanceOf(LimiterFullError);
    held.open();
    await running;
    expect(await waiting).toBe('b ran');
    await expect(limiter.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run('a', async () => 'next')).toBe('next');
  });

  it('takes a waiting task off the line when its request is aborted', async () => {
    const limiter = new FairLimiter({ concurrency: 1 });
    const held = gate();
    const running = limiter.run('a', held.task);
    const controller = new AbortController();
    let ran = false;
    const waiting = limiter.run(
      'b',
      async () => {
        ran = true;
      },
      controller.signal,
    );
    controller.abort(new Error('client gone'));
    await expect(waiting).rejects.toThrow('client gone');
    expect(limiter.waiting).toBe(0);
    held.open();
    await running;
    expect(ran).toBe(false);
  });
});

describe('pickFair', () => {
  const client = (item: { client: string }) => item.client;
  it('picks the earliest item of the client with the fewest running, or none past perClient', () => {
    const waiting = [{ client: 'a' }, { client: 'a' }, { client: 'b' }, { client: 'c' }];
    expect(pickFair(waiting, client, new Map([['a', 1]]))).toBe(2);
    expect(
      pickFair(
        waiting,
        client,
        new Map([
          ['a', 1],
          ['b', 1],
          ['c', 2],
        ]),
      ),
    ).toBe(0);
    expect(
      pickFair(
        waiting,
        client,
        new Map([
          ['a', 1],
          ['b', 1],
          ['c', 1],
        ]),
        1,
      ),
    ).toBe(-1);
    expect(pickFair([], client, new Map())).toBe(-1);
  });
});

describe('pickFair on a tie', () => {
  it('picks the client served longest ago, and one never served first', () => {
    const waiting = [{ client: 'a' }, { client: 'b' }, { client: 'c' }];
    const pick = (lastServed: [string, number][]) =>
      pickFair(waiting, (item) => item.client, new Map(), Infinity, new Map(lastServed));
    expect(
      pick([
        ['a', 5],
        ['b', 3],
        ['c', 4],
      ]),
    ).toBe(1);
    expect(
      pick([
        ['a', 5],
        ['b', 3],
      ]),
    ).toBe(2);
  });
});

describe('turns by venue, then by visitor', () => {
  const waiting = ['203.0.113.7#x', '203.0.113.7#x', '203.0.113.7#y', '198.51.100.1'];
  it('starts the address with the fewest running first, whatever number of visitors it has', () => {
    expect(pickFair(waiting, (w) => w, new Map([['203.0.113.7#x', 1]]))).toBe(3);
  });
  it('within an address, starts the visitor with the fewest running', () => {
    expect(
      pickFair(
        waiting.slice(0, 3),
        (w) => w,
        new Map([
          ['203.0.113.7#x', 1],
          ['198.51.100.1', 1],
        ]),
      ),
    ).toBe(2);
  });
  it('lets a venue alone use every place, and gives the next free one to another address first', async () => {
    const limiter = new FairLimiter({ concurrency: 2, perClient: 1 });
    const held = [gate(), gate()];
    const order: string[] = [];
    const runs = [
      limiter.run('203.0.113.7#a', held[0]!.task),
      limiter.run('203.0.113.7#b', held[1]!.task),
      limiter.run('203.0.113.7#c', async () => void order.push('venue guest c')),
    ];
    expect(limiter.active).toBe(2);
    const other = limiter.run('198.51.100.1', async () => void order.push('other address'));
    held[0]!.open();
    await Promise.all([...runs.slice(0, 1), other]);
    held[1]!.open();
    await Promise.all(runs);
    expect(order).toEqual(['other address', 'venue guest c']);
  });
});
