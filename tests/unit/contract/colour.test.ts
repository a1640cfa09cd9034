import { describe, expect, it } from 'vitest';
import { buttonTextColor, contrastRatio, parseColor } from '../../../contract/colour.ts';

describe('tenant colour contrast', () => {
  it('reads hex, rgb(), hsl() and named colours', () => {
    expect(parseColor('#94d83d')).toEqual({ r: 0x94, g: 0xd8, b: 0x3d });
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColor('rgb(10 20 30 / 50%)')).toEqual({ r: 10, g: 20, b: 30 });
    expect(parseColor('rgba(255, 0, 0, 0.5)')).toEqual({ r: 255, g: 0, b: 0 });
    expect(parseColor('hsl(120, 100%, 25%)')).toEqual({ r: 0, g: 128, b: 0 });
    expect(parseColor('RebeccaPurple')).toEqual({ r: 0x66, g: 0x33, b: 0x99 });
    expect(parseColor('javascript:alert(1)')).toBeNull();
  });
  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#242424', '#ffffff')).toBeCloseTo(15.52, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('nope', '#fff')).toBeNull();
  });
  it('writes black on a light accent and white on a dark one, whichever contrasts more', () => {
    expect(buttonTextColor('#94d83d')).toBe('#000000');
    expect(buttonTextColor('#2f6b1f')).toBe('#ffffff');
    expect(buttonTextColor('navy')).toBe('#ffffff');
    for (const accent of ['#94d83d', '#2f6b1f', '#7c5cff', '#ff0000', '#808080']) {
      const chosen = buttonTextColor(accent);
      const other = chosen === '#000000' ? '#ffffff' : '#000000';
      expect(contrastRatio(accent, chosen)!).toBeGreaterThanOrEqual(contrastRatio(accent, other)!);
    }
  });
});
