import { describe, expect, it } from 'vitest';
import { JobSchema } from '../../../contract/index.ts';
import { isSticker, nextFetchDelay, shownStatus } from '../../../src/lib/job.ts';

const job = (status: string, prompt = '') => JobSchema.parse({ prompt, images: [], result: { status } });

describe('job status rules of the results screen', () => {
  it('re-fetches a pending job 15 seconds after each render', () => {
    expect(nextFetchDelay(job('PENDING'))).toBe(15_000);
    expect(nextFetchDelay(job('queued'))).toBe(15_000);
  });
  it('stops at COMPLETED or ERROR, in any case', () => {
    expect(nextFetchDelay(job('completed'))).toBeNull();
    expect(nextFetchDelay(job('Error'))).toBeNull();
  });
  it('upper-cases the status on receipt', () => {
    expect(shownStatus(job('processing'))).toBe('PROCESSING');
  });
  it("shows a peelable sticker when the prompt contains 'sticker'", () => {
    expect(isSticker('A die-cut Sticker of a person')).toBe(true);
    expect(isSticker('A comic portrait')).toBe(false);
  });
});
