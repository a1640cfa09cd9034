import { describe, expect, it } from 'vitest';
import { readUploadBody, UPLOAD_MESSAGES } from '../../../server/intake/upload-body.ts';

const body = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);

describe('readUploadBody', () => {
  it("reads the style id and the photo's bytes and format from the data URL", () => {
    const read = readUploadBody(
      body({ style_id: 'pop-art', image: `data:image/jpeg;base64,${JPEG.toString('base64')}` }),
    );
    expect(read).toMatchObject({ ok: true, styleId: 'pop-art', photo: { extension: 'jpg' } });
    expect(read.ok && 'data' in read.photo && Buffer.from(read.photo.data).equals(JPEG)).toBe(true);
  });

  it("reads the tenant's slug when the request names one, and leaves it out otherwise", () => {
    const image = `data:image/jpeg;base64,${JPEG.toString('base64')}`;
    expect(readUploadBody(body({ style_id: 'comic', image, tenant: 'gala' }))).toMatchObject({
      ok: true,
      tenant: 'gala',
    });
    expect(readUploadBody(body({ style_id: 'comic', image }))).not.toHaveProperty('tenant');
    expect(readUploadBody(body({ style_id: 'comic', image, tenant: 7 }))).toEqual({
      ok: false,
      status: 400,
      error: UPLOAD_MESSAGES.shape,
    });
  });

  it.each([
    ['not JSON', '{"style_id": ', UPLOAD_MESSAGES.notJson],
    ['JSON of another shape', { style: 'x' }, UPLOAD_MESSAGES.shape],
  ])('refuses a body that is %s', (_, value, error) => {
    expect(readUploadBody(body(value))).toEqual({ ok: false, status: 400, error });
  });

  it.each([
    ['not a data URL', 'https://example.com/me.jpg', UPLOAD_MESSAGES.notDataUrl],
    ['not base64', 'data:image/jpeg;base64,@@@@', UPLOAD_MESSAGES.notBase64],
    [
      'not a photo',
      `data:image/jpeg;base64,${Buffer.from('hello there').toString('base64')}`,
      UPLOAD_MESSAGES.notPhoto,
    ],
  ])('keeps the style id of a request whose image is %s, with the reason', (_, image, error) => {
    expect(readUploadBody(body({ style_id: 'neon', image }))).toEqual({ ok: true, styleId: 'neon', photo: { error } });
  });
});

describe('endsWhole', () => {
  it('knows a whole JPEG, PNG and WebP from one cut off, by how each format ends', async () => {
    const { default: sharp } = await import('sharp');
    const { endsWhole } = await import('../../../server/intake/upload-check.ts');
    const image = sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } });
    for (const [extension, data] of [
      ['jpg', await image.clone().jpeg().toBuffer()],
      ['png', await image.clone().png().toBuffer()],
      ['webp', await image.clone().webp().toBuffer()],
    ] as const) {
      expect(endsWhole(data, extension), extension).toBe(true);
      expect(endsWhole(data.subarray(0, data.length - 10), extension), `${extension} cut off`).toBe(false);
      expect(
        endsWhole(Buffer.concat([data, Buffer.from('trailing video')]), extension),
        `${extension} with a trailer`,
      ).toBe(false);
    }
  });
});
