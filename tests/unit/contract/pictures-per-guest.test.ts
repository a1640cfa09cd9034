// A tenant's pictures per guest: one by default (the spec's booth), 1 to 4, and the local styles
// they are made in, checked by the build's rule with the field named in words.
import { describe, expect, it } from 'vitest';
import { resolveBranding } from '../../../contract/branding.ts';

describe('pictures per guest in a tenant branding', () => {
  it('is one picture unless the tenant asks for more', () => {
    expect(resolveBranding({ slug: 'plain' }).branding.picturesPerGuest).toBe(1);
  });

  it('takes 1 to 4 pictures and a set of styles', () => {
    const { branding, problems } = resolveBranding({
      slug: 'gala',
      picturesPerGuest: 4,
      pictureStyles: ['pop-art', 'comic'],
    });
    expect(problems).toEqual([]);
    expect(branding).toMatchObject({ picturesPerGuest: 4, pictureStyles: ['pop-art', 'comic'] });
  });

  it.each([0, 5, 2.5, '3'])('refuses %j pictures, saying so in words, and keeps one', (value) => {
    const { branding, fields } = resolveBranding({ slug: 'gala', picturesPerGuest: value });
    expect(branding.picturesPerGuest).toBe(1);
    expect(fields).toEqual([
      { field: 'picturesPerGuest', message: 'Pictures per guest is not a whole number from 1 to 4.', kind: 'refused' },
    ]);
  });

  it('refuses a set of styles that is not a list of style ids', () => {
    const { branding, fields } = resolveBranding({ slug: 'gala', pictureStyles: ['comic', 'comic'] });
    expect(branding.pictureStyles).toBeUndefined();
    expect(fields[0]).toMatchObject({ field: 'pictureStyles', message: 'Styles of the pictures names a style twice.' });
  });
});
