import { describe, expect, it } from 'vitest';
import { EVENT_KIT_OFF, type SiteData, type TenantBranding } from '../../../contract/index.ts';
import { bundleWarnings } from '../../../scripts/pipeline/bundle.ts';

const branding = (slug: string, video: string): TenantBranding => ({
  ...EVENT_KIT_OFF,
  slug,
  client: slug,
  viewFinderTitle: 'T',
  viewFinderDesc: 'D',
  backgroundImageUrl: 'bg.jpg',
  logoUrl: 'logo.png',
  video,
  backgroundColor: '#242424',
  textColor: '#ffffff',
  accentColor: '#94d83d',
});
const site = (defaultVideo: string, tenantVideo: string): SiteData => ({
  generatedAt: '',
  defaultTenant: branding('default', defaultVideo),
  tenants: [branding('aurora', tenantVideo)],
  styles: [],
  aiHost: 'https://ai.example.org',
  imageProxy: { host: 'https://img.example.org', signature: 'insecure', bucketPrefix: 's3://b', appName: 'app' },
  problems: [],
});

describe('what a bundle still needs from elsewhere', () => {
  it('names a processing video that lives on the booth server, for the default tenant too', () => {
    const data = site('/media/tenants/default/processing.mp4', '/media/tenants/aurora/processing.mp4');
    expect(bundleWarnings(data, 'default')).toEqual([
      'its processing video /media/tenants/default/processing.mp4 is a path on the booth server, not in the bundle.',
    ]);
    expect(bundleWarnings(data, 'aurora')).toEqual([
      'its processing video /media/tenants/aurora/processing.mp4 is a path on the booth server, not in the bundle.',
    ]);
  });
  it('says nothing of a video in the bundle or at an absolute URL', () => {
    expect(bundleWarnings(site('/assets/processing.mp4', 'https://cdn.example.org/v.mp4'), 'default')).toEqual([]);
    expect(bundleWarnings(site('/assets/processing.mp4', 'https://cdn.example.org/v.mp4'), 'aurora')).toEqual([]);
  });
  it('asks for the AI host and the image proxy when the build left them on the bundle’s own origin', () => {
    const data = {
      ...site('/assets/processing.mp4', '/assets/processing.mp4'),
      aiHost: '',
      imageProxy: { ...site('', '').imageProxy, host: '' },
    };
    expect(bundleWarnings(data, 'default')).toHaveLength(1);
    expect(bundleWarnings(data, 'aurora').join('\n')).toMatch(/BOOTH_PUBLIC_AI_HOST[\s\S]*BOOTH_IMAGE_PROXY_HOST/);
  });
});
