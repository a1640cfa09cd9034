// imgproxy's URL signature: URL-safe base64 (no padding) of HMAC-SHA256 over the salt followed
// by the path after the signature segment (from its leading "/"), with the hex-decoded key.
// The build signs the image URLs it bakes in; the embedded proxy checks them. Node only.
import crypto from 'node:crypto';

export interface ProxyKey {
  key: Buffer;
  salt: Buffer;
}

/** The signature segment of `path`, which starts with "/" (e.g. "/rs:fill:300:200/g:sm/plain/..."). */
export function proxySignature(path: string, { key, salt }: ProxyKey): string {
  return crypto.createHmac('sha256', key).update(salt).update(path).digest('base64url');
}

/** Whether `signature` is the one of `path`, compared in constant time. */
export function hasProxySignature(signature: string, path: string, key: ProxyKey): boolean {
  const expected = Buffer.from(proxySignature(path, key));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
