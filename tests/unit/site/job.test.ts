import { describe, expect, it } from 'vitest';
import { JobSchema } from '../../../contract/index.ts';
import { isSticker, nextFetchDelay, shownImages, shownStatus } from '../../../src/lib/job.ts';

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
    expect(isSticker('A die-cut sticker of a person')).toBe(true);
    // The spec's rule is the word as written.
    expect(isSticker('A Sticker-like portrait')).toBe(false);
    expect(isSticker('A comic portrait')).toBe(false);
  });
});

describe('images of a completed job', () => {
  const completed = (extra: object) => JobSchema.parse({ prompt: 'p', result: { status: 'COMPLETED' }, ...extra });

  it('shows the display copies and keeps the full images for the link, Download and Share', () => {
    const shown = shownImages(
      completed({ images: ['/r/1.png', '/r/2.png'], previews: ['/r/1.preview.webp', '/r/2.preview.webp'] }),
    );
    expect(shown).toEqual([
      { full: '/r/1.png', display: '/r/1.preview.webp' },
      { full: '/r/2.png', display: '/r/2.preview.webp' },
    ]);
  });
  it('shows the full images of an answer without previews', () => {
    expect(shownImages(completed({ images: ['/r/1.png'] }))).toEqual([{ full: '/r/1.png', display: '/r/1.png' }]);
    expect(shownImages(completed({ images: ['/r/1.png'], previews: null }))).toEqual([
      { full: '/r/1.png', display: '/r/1.png' },
    ]);
  });
  it('ignores previews that do not match the images one for one', () => {
    expect(shownImages(completed({ images: ['/r/1.png', '/r/2.png'], previews: ['/r/1.preview.webp'] }))).toEqual([
      { full: '/r/1.png', display: '/r/1.png' },
      { full: '/r/2.png', display: '/r/2.png' },
    ]);
  });
  it('makes both addresses absolute against the AI host', () => {
    const shown = shownImages(
      completed({ images: ['/r/1.png'], previews: ['/r/1.preview.webp'] }),
      (url) => `https://ai.example.org${url}`,
    );
    expect(shown).toEqual([
      { full: 'https://ai.example.org/r/1.png', display: 'https://ai.example.org/r/1.preview.webp' },
    ]);
  });
});
