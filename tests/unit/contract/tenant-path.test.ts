import { describe, expect, it } from 'vitest';
import { isScreenPath, tenantAddress } from '../../../contract/index.ts';

describe('the tenant an address is under', () => {
  it('is the first segment when a tenant could have it as its slug', () => {
    expect(tenantAddress('/aurora')).toEqual({ slug: 'aurora', rest: '/' });
    expect(tenantAddress('/aurora/')).toEqual({ slug: 'aurora', rest: '/' });
    expect(tenantAddress('/nobody-here/camera')).toEqual({ slug: 'nobody-here', rest: '/camera' });
    expect(tenantAddress('/x1/results/42')).toEqual({ slug: 'x1', rest: '/results/42' });
  });

  it("is none for the site's own paths, the server's and what no slug can be", () => {
    for (const path of [
      '/',
      '/camera',
      '/styles/',
      '/results/42',
      '/_astro/a.js',
      '/media/x',
      '/favicon.ico',
      '/Aurora/',
      '/a_b/camera',
    ]) {
      expect(tenantAddress(path), path).toBeNull();
    }
  });
});

describe('a screen of a page set', () => {
  it('is the intro, the camera, the styles or a result', () => {
    for (const rest of ['/', '/camera', '/camera/', '/styles', '/results/42', '/results/42/'])
      expect(isScreenPath(rest), rest).toBe(true);
  });
  it('is nothing else', () => {
    for (const rest of ['/nowhere', '/camera/x', '/results/', '/results', '/styles/x/y', '/404.html'])
      expect(isScreenPath(rest), rest).toBe(false);
  });
});
