import { describe, expect, it } from 'vitest';
import { EVENT_KIT_OFF, type SiteData, type TenantBranding } from '../../../contract/index.ts';
import {
  HEIGHT_TOKEN,
  SIGNATURE_TOKEN,
  WIDTH_TOKEN,
  brandingStyle,
  layoutImages,
  processingVideo,
} from '../../../src/lib/layout.ts';
import { tenantPages } from '../../../src/lib/site-data.ts';

const branding = (slug: string, extra: Partial<TenantBranding> = {}): TenantBranding => ({
  ...EVENT_KIT_OFF,
  slug,
  client: slug,
  viewFinderTitle: 'T',
  viewFinderDesc: 'D',
  backgroundImageUrl: `${slug}/bg.jpg`,
  logoUrl: `${slug}/logo.png`,
  video: '',
  backgroundColor: '#242424',
  textColor: '#ffffff',
  accentColor: '#94d83d',
  ...extra,
});
const site: SiteData = {
  generatedAt: '',
  defaultTenant: branding('default', { logoUrl: '', backgroundImageUrl: '' }),
  tenants: [branding('aurora'), branding('meadow')],
  styles: [],
  aiHost: '',
  imageProxy: { host: '', signature: 'insecure', bucketPrefix: 's3://b', appName: 'app' },
  problems: [],
};

describe('page sets', () => {
  it('builds the default tenant without a prefix and every other tenant under /{slug}', () => {
    expect(tenantPages(site, '').map((p) => [p.base, p.localImages])).toEqual([
      ['', true],
      ['/aurora', false],
      ['/meadow', false],
    ]);
  });
  it('builds one tenant at the root, through the proxy, for its own bundle', () => {
    expect(tenantPages(site, 'meadow').map((p) => [p.branding.slug, p.base, p.localImages])).toEqual([
      ['meadow', '', false],
    ]);
  });
  it('refuses a bundle for a slug that was not built', () => {
    expect(() => tenantPages(site, 'nobody')).toThrow(/no tenant has the slug "nobody"/);
  });
});

describe('the branded container', () => {
  it('uses local static images for the default tenant', () => {
    const images = layoutImages(tenantPages(site, '')[0]);
    expect(images).toMatchObject({
      logo: '/assets/logo.svg',
      background: '/assets/background.jpg',
      logoTemplate: null,
    });
  });
  it('sends the background (fill) and logo (fit) of other tenants through the proxy at the measured size', () => {
    const images = layoutImages(tenantPages(site, '')[1]);
    expect(images.backgroundTemplate).toBe(
      `/insecure/rs:fill:${WIDTH_TOKEN}:${HEIGHT_TOKEN}/g:sm/plain/s3://b/app/aurora/bg.jpg`,
    );
    expect(images.logoTemplate).toBe(
      `/insecure/rs:fit:${WIDTH_TOKEN}:${HEIGHT_TOKEN}/g:sm/plain/s3://b/app/aurora/logo.png`,
    );
  });
  it('with signed URLs, puts a signature placeholder in the template and lists the signatures of each size', () => {
    const signatures = { 'fill aurora/bg.jpg': ['s1', 's2'] };
    const signed = { ...site, imageProxy: { ...site.imageProxy, signatures } };
    const images = layoutImages(tenantPages(signed, '')[1]);
    expect(images.backgroundTemplate).toBe(
      `/${SIGNATURE_TOKEN}/rs:fill:${WIDTH_TOKEN}:${HEIGHT_TOKEN}/g:sm/plain/s3://b/app/aurora/bg.jpg`,
    );
    expect(images.backgroundSignatures).toBe('s1 s2');
    // An image the build did not sign (here the logo) keeps the unsigned URL.
    expect(images.logoTemplate).toBe(
      `/insecure/rs:fit:${WIDTH_TOKEN}:${HEIGHT_TOKEN}/g:sm/plain/s3://b/app/aurora/logo.png`,
    );
    expect(images.logoSignatures).toBeNull();
  });
  it("uses the default's local images as they are for a tenant that fell back to them", () => {
    const fallback = {
      ...site,
      tenants: [branding('plain', { logoUrl: '/assets/logo.svg', backgroundImageUrl: '/assets/background.jpg' })],
    };
    expect(layoutImages(tenantPages(fallback, '')[1])).toEqual({
      logo: '/assets/logo.svg',
      background: '/assets/background.jpg',
      logoTemplate: null,
      backgroundTemplate: null,
      logoSignatures: null,
      backgroundSignatures: null,
    });
  });
  it('uses an absolute http(s) image as it is, since the proxy reads only the bucket', () => {
    const remote = { ...site, tenants: [branding('far', { logoUrl: 'https://cdn.example.org/far/logo.png' })] };
    const images = layoutImages(tenantPages(remote, '')[1]);
    expect(images).toMatchObject({
      logo: 'https://cdn.example.org/far/logo.png',
      logoTemplate: null,
      background: null,
    });
    expect(images.backgroundTemplate).toContain('/plain/s3://b/app/far/bg.jpg');
  });
  it('shows no image where a tenant has none', () => {
    const bare = { ...site, tenants: [branding('bare', { logoUrl: '', backgroundImageUrl: '' })] };
    expect(layoutImages(tenantPages(bare, '')[1])).toEqual({
      logo: null,
      background: null,
      logoTemplate: null,
      backgroundTemplate: null,
      logoSignatures: null,
      backgroundSignatures: null,
    });
  });
  it('gives buttons the text colour that contrasts with the accent', () => {
    expect(brandingStyle(tenantPages(site, '')[0])).toContain('--booth-button-text:#000000');
  });
  it('falls back to the local processing video', () => {
    expect(processingVideo(tenantPages(site, '')[0])).toBe('/assets/processing.mp4');
  });
});
