// The model behind the Replicate stand-in: it checks a prediction's input the way Replicate
// checks it against a model's schema (422 "Input validation failed" naming the input), and paints
// a real picture from the photo it was given, so a test can tell its output came from that photo.
import sharp from 'sharp';

/** The names under which the stand-in's model takes its inputs, like a model's API page lists them. */
export interface ModelInputs {
  image: string;
  prompt: string;
  seed: string;
  /** A second image input (optional, as on models that take a reference image): a scene style's scene. */
  scene: string;
}

export const DEFAULT_INPUTS: ModelInputs = { image: 'image', prompt: 'prompt', seed: 'seed', scene: 'image_2' };

/** The orange the model lays over the photo's luminance (sharp's tint keeps the luminance). */
export const TINT = { r: 255, g: 140, b: 40 };

export interface InvalidField {
  field: string;
  description: string;
}

const PHOTO_TYPES = new Map([
  ['image/jpeg', 'jpeg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);

/**
 * The photo the prediction will paint, or the inputs Replicate would refuse. An image input is a
 * data URL of a JPEG, PNG or WebP whose bytes are that format, or the URL of a file uploaded
 * through the files API (`fileAt` looks it up).
 */
export async function checkInput(
  input: unknown,
  inputs: ModelInputs,
  fileAt: (url: string) => { content: Buffer; type: string } | undefined,
): Promise<{ photo: Buffer; scene?: Buffer } | { invalid: InvalidField[] }> {
  if (!input || typeof input !== 'object' || Array.isArray(input))
    return { invalid: [{ field: 'input', description: 'input must be an object' }] };
  const values = input as Record<string, unknown>;
  const invalid: InvalidField[] = [];
  const prompt = values[inputs.prompt];
  if (prompt === undefined)
    invalid.push({ field: `input.${inputs.prompt}`, description: `${inputs.prompt} is required` });
  else if (typeof prompt !== 'string' || !prompt.trim())
    invalid.push({ field: `input.${inputs.prompt}`, description: `${inputs.prompt} must be a non-empty string` });
  const seed = values[inputs.seed];
  if (seed !== undefined && !Number.isInteger(seed))
    invalid.push({ field: `input.${inputs.seed}`, description: `${inputs.seed} must be an integer` });

  const image = values[inputs.image];
  let photo: Buffer | undefined;
  if (image === undefined) invalid.push({ field: `input.${inputs.image}`, description: `${inputs.image} is required` });
  else {
    const found = typeof image === 'string' ? await photoAt(image, fileAt) : 'must be a URI';
    if (typeof found === 'string')
      invalid.push({ field: `input.${inputs.image}`, description: `${inputs.image} ${found}` });
    else photo = found;
  }
  const second = values[inputs.scene];
  let scene: Buffer | undefined;
  if (second !== undefined) {
    const found = typeof second === 'string' ? await photoAt(second, fileAt) : 'must be a URI';
    if (typeof found === 'string')
      invalid.push({ field: `input.${inputs.scene}`, description: `${inputs.scene} ${found}` });
    else scene = found;
  }
  return invalid.length || !photo ? { invalid } : { photo, ...(scene ? { scene } : {}) };
}

/** The photo at a data URL or an uploaded file's URL, or why it is not a usable image. */
async function photoAt(
  url: string,
  fileAt: (url: string) => { content: Buffer; type: string } | undefined,
): Promise<Buffer | string> {
  let content: Buffer;
  let type: string;
  const inline = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/]*={0,2})$/.exec(url);
  if (inline) {
    [type, content] = [inline[1], Buffer.from(inline[2], 'base64')];
  } else if (url.startsWith('data:')) {
    return 'is a data URL that is not base64 of one file';
  } else {
    const file = fileAt(url);
    if (!file) return `is not a data URL nor the URL of a file uploaded here: ${url.slice(0, 80)}`;
    ({ content, type } = file);
  }
  const format = PHOTO_TYPES.get(type);
  if (!format) return `has content type ${type}, not an image the model reads`;
  const metadata = await sharp(content)
    .metadata()
    .catch(() => null);
  if (!metadata || metadata.format !== format)
    return `is not a readable ${type} picture (${metadata?.format ?? 'unreadable'} bytes)`;
  return content;
}

/** The model's picture: the photo, upright, tinted orange, as a PNG. */
export function paint(photo: Buffer): Promise<Buffer> {
  return sharp(photo).rotate().tint(TINT).png().toBuffer();
}
