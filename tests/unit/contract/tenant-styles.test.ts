import { describe, expect, it } from 'vitest';
import { resolveBranding } from '../../../contract/branding.ts';
import { offeredStyles, tenantStylesProblem } from '../../../contract/tenant-styles.ts';

const all = [{ id: 'die-cut-sticker' }, { id: 'neon' }, { id: 'comic' }, { id: 'pop-art' }];

describe('the styles a tenant offers', () => {
  it('are every style when the tenant has not chosen', () => {
    expect(offeredStyles(all, undefined)).toEqual(all);
    expect(offeredStyles(all, [])).toEqual(all);
  });

  it("are the chosen ones only, in the tenant's order, leaving out those the hub no longer offers", () => {
    expect(offeredStyles(all, ['comic', 'gone', 'die-cut-sticker']).map((s) => s.id)).toEqual([
      'comic',
      'die-cut-sticker',
    ]);
  });

  it('must be a list of distinct style ids', () => {
    expect(tenantStylesProblem(['neon', 'comic'])).toBeNull();
    expect(tenantStylesProblem('neon')).toBe('is not a list of style ids');
    expect(tenantStylesProblem(['neon', 'neon'])).toBe('names a style twice');
    expect(tenantStylesProblem(['<script>'])).toMatch(/not a style id/);
    expect(tenantStylesProblem([1])).toMatch(/not a style id/);
  });

  it('reach the branding through resolveBranding, a bad list refused with its field', () => {
    expect(resolveBranding({ slug: 'gala', styles: ['neon'] } as never).branding.styles).toEqual(['neon']);
    const bad = resolveBranding({ slug: 'gala', styles: 'neon' } as never);
    expect(bad.branding.styles).toBeUndefined();
    expect(bad.fields).toEqual([{ field: 'styles', message: 'Styles is not a list of style ids.', kind: 'refused' }]);
    expect(bad.problems).toEqual([expect.stringMatching(/^Tenant "gala": Styles .* is not a list of style ids/)]);
  });

  it('resolveBranding names each refused field and each warning', () => {
    const { fields } = resolveBranding({
      slug: 'x',
      accentColor: 'nope',
      textColor: '#777',
      backgroundColor: '#888',
      kioskIdleSeconds: 5,
    } as never);
    expect(fields).toEqual([
      { field: 'accentColor', message: 'Accent colour is not a CSS colour.', kind: 'refused' },
      {
        field: 'kioskIdleSeconds',
        message: expect.stringMatching(/^Kiosk idle time is not 0 \(off\)/),
        kind: 'refused',
      },
      {
        field: 'textColor',
        message: expect.stringMatching(/^Text colour #777777 on background colour #888888 has a contrast of/),
        kind: 'warning',
      },
    ]);
  });
});
