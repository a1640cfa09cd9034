import { describe, expect, it } from 'vitest';
import { imageSource, proxyImageUrl } from '../../../src/lib/image-proxy.ts';

const settings = { host: '', signature: 'insecure', bucketPrefix: 's3://booth-assets', appName: 'photobooth' };

describe('image-proxy URLs', () => {
  it('builds {proxy}/{signature}/rs:fill:{w}:{h}/g:sm/plain/{bucket prefix}/{app name}/{image}, unencoded', () => {
    expect(proxyImageUrl(settings, 'aurora/background.jpg', { width: 1280, height: 720 })).toBe(
      '/insecure/rs:fill:1280:720/g:sm/plain/s3://booth-assets/photobooth/aurora/background.jpg',
    );
  });
  it('uses the proxy host when one is set, and fit when asked (the logo)', () => {
    expect(proxyImageUrl({ ...settings, host: 'https://img.example/' }, 'aurora/logo.png', { width: 450, height: 300.4 }, 'fit')).toBe(
      'https://img.example/insecure/rs:fit:450:300/g:sm/plain/s3://booth-assets/photobooth/aurora/logo.png',
    );
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
