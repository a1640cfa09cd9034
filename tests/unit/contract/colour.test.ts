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
  it('reads every CSS colour form, with the colour spaces registered one by one', () => {
    // The values culori's full entry point gives: the site, the build and the console agree.
    const expected: [string, [number, number, number] | null][] = [
      ['hwb(200 10% 20%)', [26, 145, 204]],
      ['lab(50% 40 -20)', [171, 90, 154]],
      ['lch(60% 50 120)', [118, 156, 62]],
      ['oklab(0.6 0.1 -0.1)', [159, 99, 186]],
      ['oklch(0.7 0.2 30)', [255, 97, 77]],
      ['oklch(0.9 0.4 140)', [0, 255, 0]],
      ['color(srgb-linear 0.2 0.3 0.4)', [124, 149, 170]],
      ['color(display-p3 1 0 0)', [255, 0, 0]],
      ['color(a98-rgb 0.2 0.8 0.1)', [0, 205, 0]],
      ['color(prophoto-rgb 0.5 0.5 0.2)', [161, 146, 36]],
      ['color(rec2020 0.9 0.1 0.1)', [255, 0, 22]],
      ['color(xyz 0.3 0.2 0.1)', [206, 84, 81]],
      ['color(xyz-d50 0.3 0.2 0.1)', [198, 86, 96]],
      ['color(--hsv 0 0 0)', [0, 0, 0]],
      ['color(--jab 0.1 0 0)', null],
      ['currentcolor', null],
    ];
    for (const [css, rgb] of expected) expect(parseColor(css), css).toEqual(rgb && { r: rgb[0], g: rgb[1], b: rgb[2] });
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
