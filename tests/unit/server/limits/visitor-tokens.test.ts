import { describe, expect, it } from 'vitest';
import {
  VISITOR_MESSAGES,
  VISITOR_TOKEN_HOURS,
  VisitorTokens,
  visitorKey,
} from '../../../../server/limits/visitor-tokens.ts';

describe('visitor tokens', () => {
  const key = visitorKey('a secret of at least thirty-two characters');

  it('gives each visitor its own id, which the same secret reads back', async () => {
    const tokens = new VisitorTokens(key);
    const [a, b] = [await tokens.mint(), await tokens.mint()];
    const [readA, readB] = [await tokens.check(a), await tokens.check(b)];
    expect(readA.ok && readB.ok).toBe(true);
    if (readA.ok && readB.ok) expect(readA.visitor).not.toBe(readB.visitor);
    // Another node with the same secret reads it too.
    expect(
      (await new VisitorTokens(async () => visitorKey('a secret of at least thirty-two characters')).check(a)).ok,
    ).toBe(true);
  });

  it('refuses a forged, altered or foreign token with a sentence', async () => {
    const token = await new VisitorTokens(key).mint();
    const tokens = new VisitorTokens(key);
    const [, id, expires, signature] = token.split('.');
    const otherId = `${id!.slice(0, -1)}${id!.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      '',
      'nonsense',
      `v1.${otherId}.${expires}.${signature}`,
      `v1.${id}.zzzzzz.${signature}`,
      await new VisitorTokens(visitorKey('another secret, also thirty-two characters')).mint(),
    ]) {
      expect(await tokens.check(forged)).toEqual({ ok: false, error: VISITOR_MESSAGES.invalid });
    }
  });

  it('refuses a token past its time, saying the visit expired', async () => {
    let now = Date.now();
    const tokens = new VisitorTokens(key, () => now);
    const token = await tokens.mint();
    now += (VISITOR_TOKEN_HOURS * 3600 - 60) * 1000;
    expect((await tokens.check(token)).ok).toBe(true);
    now += 120_000;
    expect(await tokens.check(token)).toEqual({ ok: false, error: VISITOR_MESSAGES.expired });
  });
});
