import { describe, expect, it } from 'vitest';
import { createEngine, ENGINE_NAMES } from '../../../server/engine/index.ts';

describe('choosing an engine', () => {
  it('uses the local engine by default', () => {
    expect(createEngine().name).toBe('local');
    expect(ENGINE_NAMES).toContain('local');
  });

  it('refuses an unknown engine and lists the valid ones', () => {
    expect(() => createEngine('dall-e')).toThrow('Unknown engine "dall-e". Valid engines: local.');
  });

  it('refuses a setting that is not a positive number', () => {
    expect(() => createEngine('local', { outputSize: -5 })).toThrow(/outputSize must be a positive number/);
    expect(() => createEngine('local', { inferenceSize: 64 })).toThrow(/at least 256/);
  });
});
