import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../../server/files/send-compressed.ts';

describe('the encoding the static site answers with', () => {
  it('prefers brotli, then gzip', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
  });
  it('sends the plain file when the browser accepts neither', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('deflate')).toBeNull();
  });
  it('respects a refusal by q=0 and a wildcard', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeNull();
  });
});
