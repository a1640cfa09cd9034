// The pictures of a tenant's backdrop tiles on the styles screen: one per backdrop, through the
// image proxy, square, signed when the build signed the images; none with fewer than two (the
// branded scene then keeps its one tile, as the spec's styles screen has it).
import { describe, expect, it } from 'vitest';
import { EVENT_KIT_OFF, type SiteData, type TenantBranding } from '../../../contract/index.ts';
import { signedSizeFor } from '../../../contract/proxy-url.ts';
import { backdropThumbnails } from '../../../src/lib/backdrop-tiles.ts';
import type { TenantPage } from '../../../src/lib/site-data.ts';

const branding = (sceneUrls: string[]): TenantBranding => ({
  ...EVENT_KIT_OFF,
  slug: 'meadow',
  client: 'Meadow Fair',
  viewFinderTitle: 'T',
  viewFinderDesc: 'D',
  backgroundImageUrl: '',
  logoUrl: '',
  video: '',
  backgroundColor: '#242424',
  textColor: '#ffffff',
  accentColor: '#94d83d',
  sceneUrl: sceneUrls[0] ?? '',
  sceneUrls,
});
const pageOf = (sceneUrls: string[], signatures?: Record<string, string[]>): TenantPage => {
  const site = {
    imageProxy: { host: '', signature: 'insecure', bucketPrefix: 's3://b', appName: 'app', signatures },
  } as SiteData;
  return { branding: branding(sceneUrls), base: '/meadow', home: '/meadow', localImages: false, site };
};

describe('the backdrop tiles', () => {
  it("are each backdrop's picture through the proxy, cropped square, in the tenant's order", () => {
    expect(backdropThumbnails(pageOf(['meadow/a.jpg', 'meadow/b.jpg']))).toEqual([
      '/insecure/rs:fill:360:360/g:sm/plain/s3://b/app/meadow/a.jpg',
      '/insecure/rs:fill:360:360/g:sm/plain/s3://b/app/meadow/b.jpg',
    ]);
  });

  it('carry the signature the build made for that size', () => {
    const { index } = signedSizeFor({ width: 260, height: 260 });
    const signed = (name: string) => Array.from({ length: 49 }, (_, i) => `${name}-${i}`);
    const urls = backdropThumbnails(
      pageOf(['meadow/a.jpg', 'meadow/b.jpg'], { 'fill meadow/a.jpg': signed('a'), 'fill meadow/b.jpg': signed('b') }),
    );
    expect(urls[1]).toBe(`/b-${index}/rs:fill:360:360/g:sm/plain/s3://b/app/meadow/b.jpg`);
  });

  it('are none for a tenant with one backdrop or none', () => {
    expect(backdropThumbnails(pageOf(['meadow/a.jpg']))).toEqual([]);
    expect(backdropThumbnails(pageOf([]))).toEqual([]);
  });
});
