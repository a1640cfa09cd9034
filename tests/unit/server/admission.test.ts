import { describe, expect, it } from 'vitest';
import { QueueAdmission } from '../../../server/intake/admission.ts';

describe('the queue limit', () => {
  it('counts the jobs the runner holds and the creates still checking their photo', () => {
    const runner = { inFlight: 1 };
    const queue = new QueueAdmission(runner, 3);
    const first = queue.admit();
    expect(first).not.toBeNull();
    expect(queue.admit()).not.toBeNull();
    expect(queue.admit()).toBeNull();
    first!.release();
    expect(queue.admit()).not.toBeNull();
  });

  it('frees a place once, however often it is released', () => {
    const queue = new QueueAdmission({ inFlight: 0 }, 2);
    const place = queue.admit()!;
    queue.admit();
    place.release();
    place.release();
    expect(queue.admit()).not.toBeNull();
    expect(queue.admit()).toBeNull();
  });

  it('refuses every create while the runner alone fills the queue', () => {
    expect(new QueueAdmission({ inFlight: 2 }, 2).admit()).toBeNull();
  });
});
