import { describe, expect, it } from 'vitest';
import {
  imageSource,
  proxyImageUrl,
  signedSizeFor,
  signedSizes,
  SIGNED_PROXY_SIZES,
} from '../../../contract/proxy-url.ts';

const settings = { host: '', signature: 'insecure', bucketPrefix: 's3://booth-assets', appName: 'photobooth' };

describe('image-proxy URLs', () => {
  it('builds {proxy}/{signature}/rs:fill:{w}:{h}/g:sm/plain/{bucket prefix}/{app name}/{image}, unencoded', () => {
    expect(proxyImageUrl(settings, 'aurora/background.jpg', { width: 1280, height: 720 })).toBe(
      '/insecure/rs:fill:1280:720/g:sm/plain/s3://booth-assets/photobooth/aurora/background.jpg',
    );
  });
  it('uses the proxy host when one is set, and fit when asked (the logo)', () => {
    expect(
      proxyImageUrl(
        { ...settings, host: 'https://img.example/' },
        'aurora/logo.png',
        { width: 450, height: 300.4 },
        'fit',
      ),
    ).toBe('https://img.example/insecure/rs:fit:450:300/g:sm/plain/s3://booth-assets/photobooth/aurora/logo.png');
  });
  it('keeps spaces and other characters of the image name as they are (unencoded)', () => {
    expect(imageSource(settings, '/my tenant/logo é.png')).toBe('s3://booth-assets/photobooth/my tenant/logo é.png');
  });
  it('passes an absolute source URL to the proxy as it is', () => {
    expect(imageSource(settings, 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });
  it('never asks for a zero-sized image', () => {
    expect(proxyImageUrl(settings, 'a.png', { width: 0, height: 0 })).toContain('rs:fill:1:1/');
  });
});

describe('signed sizes', () => {
  it('lists every width and height of the ladder, width major', () => {
    const sizes = signedSizes();
    expect(sizes).toHaveLength(SIGNED_PROXY_SIZES.length ** 2);
    expect(sizes[0]).toEqual({ width: 360, height: 360 });
    expect(sizes[1]).toEqual({ width: 360, height: 540 });
    expect(sizes[SIGNED_PROXY_SIZES.length]).toEqual({ width: 540, height: 360 });
  });

  it('picks the smallest signed size that covers the container, and its place in the list', () => {
    for (const [container, expected] of [
      [
        { width: 390, height: 700 },
        { width: 540, height: 810 },
      ],
      [
        { width: 360, height: 360 },
        { width: 360, height: 360 },
      ],
      [
        { width: 1, height: 1 },
        { width: 360, height: 360 },
      ],
      [
        { width: 1920, height: 1080 },
        { width: 2734, height: 1215 },
      ],
      [
        { width: 9000, height: 5000 },
        { width: 4096, height: 4096 },
      ],
    ] as const) {
      const picked = signedSizeFor(container);
      expect({ width: picked.width, height: picked.height }, JSON.stringify(container)).toEqual(expected);
      expect(signedSizes()[picked.index]).toEqual(expected);
    }
  });
});
