// A tenant's backdrops: the list read from its branding (a lone sceneUrl saved before there were
// several is the first), refused with a sentence when it is not one, and the `backdrop` a create
// call may send.
import { describe, expect, it } from 'vitest';
import { MAX_BACKDROPS, backdropProblem, backdropsOf, pickedBackdrop } from '../../../contract/backdrops.ts';
import { resolveBranding } from '../../../contract/branding.ts';

const resolve = (item: Record<string, unknown>) => resolveBranding({ slug: 'meadow', ...item });

describe("a tenant's backdrops", () => {
  it('are the list in its order, with sceneUrl its first', () => {
    const { branding, problems } = resolve({ sceneUrls: ['meadow/a.jpg', 'meadow/b.jpg'] });
    expect(problems).toEqual([]);
    expect(backdropsOf(branding)).toEqual(['meadow/a.jpg', 'meadow/b.jpg']);
    expect(branding.sceneUrl).toBe('meadow/a.jpg');
  });

  it('read a lone sceneUrl saved before there were several as the first, and none as none', () => {
    expect(resolve({ sceneUrl: 'meadow/a.jpg' }).branding.sceneUrls).toEqual(['meadow/a.jpg']);
    expect(backdropsOf({ sceneUrl: 'meadow/a.jpg' })).toEqual(['meadow/a.jpg']);
    expect(resolve({}).branding.sceneUrls).toEqual([]);
    // Site data written before the list: no sceneUrls at all.
    expect(backdropsOf({ sceneUrl: '' })).toEqual([]);
  });

  it('refuse a list that is too long, names one twice, or leaves the bucket, saying why in words', () => {
    const cases: [unknown, RegExp][] = [
      [Array.from({ length: MAX_BACKDROPS + 1 }, (_, i) => `meadow/${i}.jpg`), /lists more than 4 backdrops/],
      [['meadow/a.jpg', 'meadow/a.jpg'], /names a backdrop twice/],
      [['https://cdn.example.com/a.jpg'], /is an https address; a backdrop is one of the tenant's own files/],
      [['../etc/passwd'], /is not an image name inside the bucket/],
      ['meadow/a.jpg', /is not a list of image names/],
    ];
    for (const [value, why] of cases) {
      const { branding, fields } = resolve({ sceneUrls: value });
      expect(branding.sceneUrls, JSON.stringify(value)).toEqual([]);
      expect(fields).toEqual([{ field: 'sceneUrls', message: expect.stringMatching(why), kind: 'refused' }]);
      expect(fields[0]!.message.startsWith('Backdrops ')).toBe(true);
    }
  });

  it("take the picked one from a create call's backdrop, the first when it is not offered", () => {
    expect(backdropProblem(undefined)).toBeNull();
    expect(backdropProblem(3)).toBeNull();
    for (const bad of [-1, 4, 1.5, '1', null])
      expect(backdropProblem(bad), String(bad)).toMatch(
        /^backdrop must be .* from 0 to 3\. Leave it out for the first\.$/,
      );
    expect(pickedBackdrop(['a', 'b'], 1)).toBe('b');
    expect(pickedBackdrop(['a', 'b'], 3)).toBe('a');
    expect(pickedBackdrop([], 0)).toBeUndefined();
  });
});
