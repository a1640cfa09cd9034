import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCENT_COLOR,
  DEFAULT_BACKGROUND_COLOR,
  DEFAULT_TENANT_SLUG,
  DEFAULT_TEXT_COLOR,
} from '../../../contract/index.ts';
import {
  DEFAULT_BRANDING,
  TEXT_LIMITS,
  contrastWarning,
  imageProblem,
  normalizeColor,
  resolveBranding,
  videoProblem,
} from '../../../contract/branding.ts';

describe('the built-in default branding', () => {
  it('has the default tenant slug and the spec colours', () => {
    expect(DEFAULT_BRANDING.slug).toBe(DEFAULT_TENANT_SLUG);
    expect(DEFAULT_BRANDING.backgroundColor).toBe('#242424');
    expect(DEFAULT_BRANDING.textColor).toBe('#ffffff');
    expect(DEFAULT_BRANDING.accentColor).toBe('#94d83d');
  });

  it('tells visitors to take a selfie, pick a style and wait 15-20 seconds', () => {
    expect(DEFAULT_BRANDING.viewFinderDesc).toMatch(/selfie/);
    expect(DEFAULT_BRANDING.viewFinderDesc).toMatch(/15-20 seconds/);
    expect(DEFAULT_BRANDING.viewFinderDesc.split('\n').length).toBeGreaterThan(1);
  });
});

describe('CSS colours', () => {
  it('reads hex, rgb(), hsl() and named colours as #rrggbb', () => {
    expect(normalizeColor('#FFF')).toBe('#ffffff');
    expect(normalizeColor('#94d83d')).toBe('#94d83d');
    expect(normalizeColor('rgb(255, 0, 0)')).toBe('#ff0000');
    expect(normalizeColor('rgba(0,128,255,0.5)')).toBe('#0080ff');
    expect(normalizeColor('rgb(0 128 255 / 50%)')).toBe('#0080ff');
    expect(normalizeColor('hsl(120, 100%, 25%)')).toBe('#008000');
    expect(normalizeColor('RebeccaPurple')).toBe('#663399');
  });

  it('accepts the CSS Color 4 forms a designer may paste, as the nearest sRGB hex', () => {
    expect(normalizeColor('oklch(62.8% 0.2577 29.23)')).toBe('#ff0000');
    expect(normalizeColor('hwb(120 0% 0%)')).toBe('#00ff00');
    expect(normalizeColor('lab(29.57 68.3 -112.03)')).toBe('#0000ff');
    expect(normalizeColor('color(srgb 1 0.5 0)')).toBe('#ff8000');
    expect(normalizeColor('rgb(1e3, 0, 0)')).toBe('#ff0000');
  });

  it('refuses a colour that paints nothing, saying so', () => {
    expect(normalizeColor('transparent')).toBeNull();
    expect(normalizeColor('rgb(0 0 0 / 0)')).toBeNull();
    expect(normalizeColor('rgb(0 0 0 / 0.5)')).toBe('#000000');
    const { branding, problems } = resolveBranding({
      slug: 'see-through',
      client: 'Glass',
      backgroundColor: 'transparent',
    });
    expect(branding.backgroundColor).toBe('#242424');
    expect(problems).toEqual([
      expect.stringMatching(
        /Glass.*Background colour "transparent" is fully transparent; the default "#242424" is used/,
      ),
    ]);
  });

  it('refuses what is not a colour', () => {
    for (const value of [
      'javascript:alert(1)',
      'red; background:url(x)',
      'url(evil.png)',
      'expression(alert(1))',
      '#12',
      '#ggg',
      'rgb(1,2)',
      'rgb(1px,2,3)',
      'constructor',
      '__proto__',
      'var(--x)',
      'notacolour',
    ]) {
      expect(normalizeColor(value), value).toBeNull();
    }
  });
});

describe('image and video URLs', () => {
  it('accepts image names inside the bucket and plain https URLs', () => {
    expect(imageProblem('aurora/logo.png')).toBeNull();
    expect(imageProblem('logo_v2.final.svg')).toBeNull();
    expect(imageProblem('https://cdn.example.com/a/logo.png')).toBeNull();
  });

  it('refuses an http:// image or video with a sentence: the pages are served over HTTPS', () => {
    const sentence = 'is an http:// address; use its https:// address (pages served over HTTPS cannot load it)';
    expect(imageProblem('http://cdn.example.com/a/logo.png')).toBe(sentence);
    expect(imageProblem('HTTP://cdn.example.com/a/logo.png')).toBe(sentence);
    expect(videoProblem('http://videos.example.com/loop.mp4')).toBe(sentence);
    const { branding, fields } = resolveBranding({ slug: 'aurora', logoUrl: 'http://cdn.example.com/logo.png' });
    expect(branding.logoUrl).toBe(DEFAULT_BRANDING.logoUrl);
    expect(fields).toEqual([{ field: 'logoUrl', message: `Logo ${sentence}.`, kind: 'refused' }]);
  });

  it('refuses script URLs, other schemes, dot segments and proxy-special characters', () => {
    expect(imageProblem('javascript:alert(1)')).toMatch(/scheme/);
    expect(imageProblem('JavaScript:alert(1)')).toMatch(/scheme/);
    expect(imageProblem('data:image/svg+xml,<svg onload=alert(1)>')).toMatch(/scheme/);
    expect(imageProblem('../../etc/passwd')).toMatch(/image name/);
    expect(imageProblem('aurora/../meadow/logo.png')).toMatch(/image name/);
    expect(imageProblem('logo.png@jpg')).toMatch(/image name/);
    expect(imageProblem('logo.png?x=1')).toMatch(/image name/);
    expect(imageProblem('a b.png')).toMatch(/image name/);
    expect(imageProblem('"><script>.png')).toMatch(/image name/);
    expect(imageProblem('https://user@evil.example/logo.png')).toMatch(/http/);
  });

  it('accepts a video at an https URL or a root-relative path, nothing else', () => {
    expect(videoProblem('/media/aurora.mp4')).toBeNull();
    expect(videoProblem('https://videos.example.com/loop.mp4')).toBeNull();
    expect(videoProblem('javascript:alert(1)')).toMatch(/scheme/);
    expect(videoProblem('//evil.example/x.mp4')).toMatch(/path starting with/);
    expect(videoProblem('media/aurora.mp4')).toMatch(/path starting with/);
    expect(videoProblem('/media/../secret')).toMatch(/path starting with/);
  });
});

describe('resolving a tenant branding item', () => {
  it('fills every missing field with the default', () => {
    const { branding, problems } = resolveBranding({ slug: 'aurora' });
    expect(branding).toMatchObject({
      slug: 'aurora',
      client: 'aurora',
      backgroundColor: DEFAULT_BACKGROUND_COLOR,
      textColor: DEFAULT_TEXT_COLOR,
      accentColor: DEFAULT_ACCENT_COLOR,
      viewFinderTitle: DEFAULT_BRANDING.viewFinderTitle,
      logoUrl: DEFAULT_BRANDING.logoUrl,
    });
    expect(problems).toEqual([]);
  });

  it('keeps valid values and writes colours as hex', () => {
    const { branding } = resolveBranding({
      slug: 'aurora',
      client: 'Aurora Events',
      accentColor: 'Gold',
      logoUrl: 'aurora/logo.png',
      video: '/media/a.mp4',
      viewFinderDesc: 'One\r\nTwo',
    });
    expect(branding).toMatchObject({
      client: 'Aurora Events',
      accentColor: '#ffd700',
      logoUrl: 'aurora/logo.png',
      video: '/media/a.mp4',
      viewFinderDesc: 'One\nTwo',
    });
  });

  it('replaces an unsafe value by the default and reports the tenant and the field', () => {
    const { branding, problems } = resolveBranding({
      slug: 'meadow',
      client: 'Meadow Fair',
      accentColor: 'javascript:alert(1)',
      video: 'javascript:alert(1)',
    });
    expect(branding.accentColor).toBe(DEFAULT_ACCENT_COLOR);
    expect(branding.video).toBe(DEFAULT_BRANDING.video);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/Meadow Fair.*meadow.*Accent colour.*not a CSS colour/);
    expect(problems[1]).toMatch(/Meadow Fair.*Processing video/);
  });

  it('keeps the default images when told to (the default tenant uses local files)', () => {
    const { branding, problems } = resolveBranding({ slug: 'default', logoUrl: 'x/logo.png' }, DEFAULT_BRANDING, {
      keepImages: true,
    });
    expect(branding.logoUrl).toBe(DEFAULT_BRANDING.logoUrl);
    expect(problems).toEqual([]);
  });

  it('still reports an unsafe image of the default tenant, whose local files stay', () => {
    const { branding, problems } = resolveBranding(
      { slug: 'default', logoUrl: 'javascript:alert(1)' },
      DEFAULT_BRANDING,
      { keepImages: true },
    );
    expect(branding.logoUrl).toBe(DEFAULT_BRANDING.logoUrl);
    expect(problems).toEqual([
      expect.stringMatching(/Logo "javascript:alert\(1\)" uses a URL scheme other than https/),
    ]);
  });

  it('cuts overlong texts and drops control characters', () => {
    const { branding, problems } = resolveBranding({ slug: 'a', viewFinderTitle: `Hi\u0000${'x'.repeat(500)}` });
    expect(branding.viewFinderTitle.length).toBe(TEXT_LIMITS.viewFinderTitle);
    expect(branding.viewFinderTitle.startsWith('Hix')).toBe(true);
    expect(problems[0]).toMatch(/Intro title is longer than 200 characters/);
  });
});

describe('the contrast warning', () => {
  it('warns when text on background is under 4.5:1', () => {
    const low = { ...DEFAULT_BRANDING, slug: 'pale', client: 'Pale', textColor: '#777777', backgroundColor: '#888888' };
    expect(contrastWarning(low)).toMatch(/Pale.*contrast of 1\.\d+:1, under the 4.5:1/);
  });

  it('stays quiet for the default colours and for black on white', () => {
    expect(contrastWarning({ ...DEFAULT_BRANDING })).toBeNull();
    expect(contrastWarning({ ...DEFAULT_BRANDING, textColor: '#000000', backgroundColor: '#ffffff' })).toBeNull();
  });

  it('is part of what resolving a low-contrast item reports', () => {
    const { problems } = resolveBranding({ slug: 'pale', textColor: 'yellow', backgroundColor: 'white' });
    expect(problems.some((p) => p.includes('warning') && p.includes('contrast'))).toBe(true);
  });
});
