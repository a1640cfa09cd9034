import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SIGNED_PROXY_SIZES } from '../../../contract/proxy-url.ts';
import { inlineScript } from '../../../src/lib/inline-script.ts';

const KIOSK = {
  idleSeconds: 60,
  intro: '/gala',
  base: '/gala',
  stylesheet: '/_astro/kiosk.x.css',
  script: '/_astro/kiosk-session-x.js',
};

describe('inline scripts, bundled from src/inline at build time', () => {
  it('carry the rules of the modules they import, not copies', () => {
    const code = inlineScript('first-job', {
      jobUrl: '/transformations/jobs/JOB_ID/',
      marker: 'JOB_ID',
      host: '',
      timeout: 1000,
    });
    // The one results-address pattern of contract/results.ts.
    expect(code).toContain(String.raw`/^(?:\/([^/]+))?(?:\/([a-z]{2}))?\/results\/([^/?#]+)\/?$/`);
    // The kiosk's intro test: the page set's intro, as paths.ts writes it.
    expect(inlineScript('kiosk', KIOSK)).toContain('"/gala"');
  });

  it('cannot be closed early by a value they are given', () => {
    const code = inlineScript('first-job', {
      jobUrl: '/x/JOB_ID',
      marker: 'JOB_ID',
      host: '</script><script>alert(1)</script>',
      timeout: 1,
    });
    expect(code.toLowerCase()).not.toContain('</script');
    expect(code).toContain('alert(1)');
  });

  it('stay small: the rules they bundle bring neither zod nor the whole contract', () => {
    for (const name of [
      'focus-on-swap',
      'proxy-images',
      'proxy-images-signed',
      'early-taps',
      'language-links',
    ] as const) {
      expect(gzipSync(inlineScript(name)).length, name).toBeLessThan(800);
    }
    expect(gzipSync(inlineScript('kiosk', KIOSK)).length).toBeLessThan(800);
    // The results page's also paints a finished job's first picture before the island has come.
    const firstJob = inlineScript('first-job', { jobUrl: '/x/JOB_ID', marker: 'JOB_ID', host: '', timeout: 1 });
    expect(gzipSync(firstJob).length).toBeLessThan(1152);
    expect(firstJob).not.toMatch(/ZodError|looseObject|_zod/);
  });

  it('run where they stand: one classic script, no module syntax', () => {
    for (const name of [
      'focus-on-swap',
      'proxy-images',
      'proxy-images-signed',
      'early-taps',
      'kiosk',
      'language-links',
    ] as const) {
      const code = inlineScript(name, name === 'kiosk' ? { ...KIOSK, intro: '/', base: '' } : undefined);
      expect(code).toMatch(/^\(\(\)=>\{/);
      expect(code).not.toMatch(/\b(import|export)\b/);
    }
  });

  it("keep the kiosk's own code out of the kiosk's inline script: it only decides, and loads the rest on a kiosk", () => {
    const code = inlineScript('kiosk', KIOSK);
    expect(code).toContain(KIOSK.stylesheet);
    expect(code).toContain(KIOSK.script);
    expect(code).not.toMatch(/wakeLock|requestFullscreen|setTimeout|MutationObserver/);
  });

  it('carry the signed sizes of proxied images only on pages whose image URLs the build signed', () => {
    const sizes = SIGNED_PROXY_SIZES.join(',');
    expect(inlineScript('proxy-images-signed')).toContain(sizes);
    expect(inlineScript('proxy-images')).not.toContain(sizes);
    expect(gzipSync(inlineScript('proxy-images')).length).toBeLessThan(
      gzipSync(inlineScript('proxy-images-signed')).length,
    );
  });
});
