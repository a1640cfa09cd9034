import { describe, expect, it } from 'vitest';
import { hasProxySignature, proxySignature } from '../../../contract/proxy-signature.ts';

// The key and salt of imgproxy's documentation; the signature was computed with Python's hmac
// module (HMAC-SHA256 over salt + path, URL-safe base64 without padding), not with this code.
const key = {
  key: Buffer.from('943b421c9eb07c830af81030552c86009268de4e532ba2ee2eab8247c6da0881', 'hex'),
  salt: Buffer.from('520f986b998545b4785e0defbc4f3c1203f22de2374a3d53cb7a7fe9fea309c5', 'hex'),
};
const path = '/rs:fill:300:200/g:sm/plain/s3://booth-assets/photobooth/aurora/background.jpg';

describe('the image proxy signature', () => {
  it("is imgproxy's: HMAC-SHA256 of salt and path, URL-safe base64", () => {
    expect(proxySignature(path, key)).toBe('ux62nX4K9DW-C7xlcRPD6i-o5axUAdpqx9d5lqOu8vc');
  });

  it('matches only its own path, key and salt', () => {
    const signature = proxySignature(path, key);
    expect(hasProxySignature(signature, path, key)).toBe(true);
    expect(hasProxySignature(signature, path.replace('300', '301'), key)).toBe(false);
    expect(hasProxySignature(signature, path, { ...key, salt: Buffer.from('00', 'hex') })).toBe(false);
    expect(hasProxySignature('insecure', path, key)).toBe(false);
    expect(hasProxySignature('', path, key)).toBe(false);
  });
});
