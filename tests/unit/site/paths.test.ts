import { describe, expect, it } from 'vitest';
import { jobIdFromPath, parseResultsPath } from '../../../contract/index.ts';
import { aiHostUrl, resultsPath, screenPath, tenantBase } from '../../../src/lib/paths.ts';

describe('tenant-prefixed paths', () => {
  it('gives the default tenant no prefix and every other tenant /{slug}', () => {
    expect(tenantBase(null)).toBe('');
    expect(tenantBase('aurora')).toBe('/aurora');
  });
  it('puts every screen under the tenant prefix', () => {
    expect(screenPath('', 'intro')).toBe('/');
    expect(screenPath('', 'camera')).toBe('/camera');
    expect(screenPath('/aurora', 'intro')).toBe('/aurora');
    expect(screenPath('/aurora', 'styles')).toBe('/aurora/styles');
  });
  it('goes to results/{jobId}', () => {
    expect(resultsPath('', 42)).toBe('/results/42');
    expect(resultsPath('/meadow', 'a b')).toBe('/meadow/results/a%20b');
  });
  it('reads the job id back from a results address, with or without a tenant and trailing slash', () => {
    expect(jobIdFromPath('/results/42')).toBe('42');
    expect(jobIdFromPath('/meadow/results/a%20b/')).toBe('a b');
    expect(jobIdFromPath('/results/')).toBeNull();
    expect(jobIdFromPath('/camera/')).toBeNull();
    expect(jobIdFromPath('/results/%E0%A4%A')).toBeNull();
  });
  it('names the tenant whose results page answers an address', () => {
    expect(parseResultsPath('/results/42')).toEqual({ tenant: null, language: null, jobId: '42' });
    expect(parseResultsPath('/aurora/results/7/')).toEqual({ tenant: 'aurora', language: null, jobId: '7' });
    // A guest's language under the tenant.
    expect(parseResultsPath('/aurora/fr/results/7')).toEqual({ tenant: 'aurora', language: 'fr', jobId: '7' });
    expect(parseResultsPath('/a/b/results/7')).toBeNull();
  });
  it('resolves AI-host URLs against the host browsers call', () => {
    expect(aiHostUrl('', '/files/a.png')).toBe('/files/a.png');
    expect(aiHostUrl('http://hub.example/', '/files/a.png')).toBe('http://hub.example/files/a.png');
    expect(aiHostUrl('http://hub.example', 'files/a.png')).toBe('http://hub.example/files/a.png');
    expect(aiHostUrl('http://hub.example', 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
  });
});
