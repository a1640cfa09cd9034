import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH, isValidSlug, reservedSlugs, slugProblem } from '../../../contract/slug.ts';

describe('tenant slugs', () => {
  it('accepts lowercase letters, digits and hyphens', () => {
    for (const slug of ['aurora', 'meadow-2025', 'a', '0', 'x'.repeat(MAX_SLUG_LENGTH)])
      expect(slugProblem(slug)).toBeNull();
  });

  it('refuses upper case, spaces, dots, slashes and anything that could leave dist/', () => {
    for (const slug of ['Aurora', 'my tenant', 'a.b', '../etc', 'a/b', '..', '%2e%2e', 'ünïcode', 'tab\t', 'a_b']) {
      expect(slugProblem(slug)).toMatch(/may only hold lowercase letters, digits and hyphens/);
    }
  });

  it('refuses slugs longer than 63 characters', () => {
    expect(slugProblem('x'.repeat(MAX_SLUG_LENGTH + 1))).toMatch(/longer than 63 characters/);
  });

  it('refuses an empty or missing slug', () => {
    expect(slugProblem('')).toBe('slug is empty');
    expect(slugProblem(undefined)).toBe('slug is empty');
    expect(slugProblem(42)).toBe('slug is empty');
  });

  it('refuses the screens and the top-level paths of the embedded server', () => {
    for (const slug of [
      'camera',
      'styles',
      'results',
      'jwt',
      'datasets',
      'transformations',
      'media',
      'insecure',
      '404',
    ]) {
      expect(slugProblem(slug)).toMatch(/reserved/);
    }
  });

  it('refuses extra reserved names given by the deployment, case-insensitively', () => {
    const reserved = reservedSlugs(['Signed-Proxy', 'robots.txt']);
    expect(isValidSlug('signed-proxy', reserved)).toBe(false);
    expect(isValidSlug('signed-proxy')).toBe(true);
  });
});
