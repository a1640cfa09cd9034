// The create-job body, read to a photo: JSON, the request's shape, the base64 data URL and the
// photo's first bytes. Pure and synchronous: it runs in upload-worker.ts, off the event loop,
// since parsing 20 MB of JSON and base64 would stall every other request for a while.
import { CreateJobRequestSchema } from '../../contract/index.ts';

export type PhotoExtension = 'jpg' | 'png' | 'webp';

/** The photo's bytes and format, or the sentence saying why the image is not a photo. */
export type UploadPhoto = { data: Uint8Array; extension: PhotoExtension } | { error: string };

/**
 * A body that is not a create request at all is refused whole; otherwise the style id and the
 * photo, so that the caller names an unknown style before a bad photo, as it always did.
 */
export type UploadBody =
  | { ok: true; styleId: string; tenant?: string; backdrop?: unknown; inputs?: unknown; photo: UploadPhoto }
  | { ok: false; status: 400; error: string };

export const UPLOAD_MESSAGES = {
  notJson: 'The request body is not valid JSON.',
  shape: 'Send {"style_id": ..., "image": "data:image/jpeg;base64,..."} as JSON.',
  notDataUrl: 'The image must be a base64 data URL, e.g. data:image/jpeg;base64,...',
  notBase64: 'The image data URL is not valid base64.',
  notPhoto: 'The image must be a JPEG, PNG or WebP photo.',
} as const;

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w.+-]+=[\w.+-]+)*)(;base64)?,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The photo's format by its first bytes, whatever the data URL claims. */
export function sniff(data: Uint8Array): PhotoExtension | undefined {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length > 8 && PNG_SIGNATURE.every((byte, i) => data[i] === byte)) return 'png';
  const text = (from: number, to: number) => String.fromCharCode(...data.subarray(from, to));
  if (data.length > 12 && text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const refused = (error: string): UploadBody => ({ ok: false, status: 400, error });

export function readUploadBody(body: Uint8Array): UploadBody {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(body));
  } catch {
    return refused(UPLOAD_MESSAGES.notJson);
  }
  const request = CreateJobRequestSchema.safeParse(json);
  if (!request.success) return refused(UPLOAD_MESSAGES.shape);
  const { style_id: styleId, tenant, backdrop, inputs, image } = request.data;
  return {
    ok: true,
    styleId: String(styleId),
    ...(tenant === undefined ? {} : { tenant }),
    ...(backdrop === undefined ? {} : { backdrop }),
    ...(inputs === undefined ? {} : { inputs }),
    photo: photoOf(image),
  };
}

function photoOf(dataUrl: string): UploadPhoto {
  const head = DATA_URL.exec(dataUrl.slice(0, 256));
  if (!head?.[3]) return { error: UPLOAD_MESSAGES.notDataUrl };
  let base64 = dataUrl.slice(head[0].length);
  // Line breaks are allowed in base64; taking them out copies the string, so only when there are any.
  if (/\s/.test(base64)) base64 = base64.replace(/\s+/g, '');
  if (base64.length === 0 || !BASE64.test(base64)) return { error: UPLOAD_MESSAGES.notBase64 };
  const data = Buffer.from(base64, 'base64');
  const extension = sniff(data);
  return extension ? { data, extension } : { error: UPLOAD_MESSAGES.notPhoto };
}
