import { afterEach, describe, expect, it } from 'vitest';
import { takeFirstJob } from '../../../src/lib/first-job.ts';

describe('the first job answer started by the results page', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'window');
  });

  it('is handed over once, to the island of the page that asked for it', () => {
    const response = Promise.resolve(new Response('{}'));
    Object.assign(globalThis, { window: { boothFirstJob: { path: '/aurora/results/j1', response } } });
    expect(takeFirstJob('/aurora/results/j1')).toBe(response);
    expect(takeFirstJob('/aurora/results/j1')).toBeUndefined();
  });

  it('is not used for another job, and is dropped', () => {
    Object.assign(globalThis, {
      window: { boothFirstJob: { path: '/results/old', response: Promise.resolve(new Response('{}')) } },
    });
    expect(takeFirstJob('/results/new')).toBeUndefined();
    expect((globalThis as unknown as { window: Window }).window.boothFirstJob).toBeUndefined();
  });
});
