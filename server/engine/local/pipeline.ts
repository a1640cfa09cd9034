// One job of the local engine is a fixed pipeline of named stages, as in imgproxy's processing
// pipeline: decode → find the person → frame → paint → encode. A style is data: how it frames
// the person, how it paints the frame, the format it is delivered in; the stages around the
// painter are written once here. A generative engine can reuse them: its remote painter in the
// middle, then the local die-cut for stickers.
import type { EngineImage, EngineStyle, SceneImage, StudioGradient } from '../engine.ts';
import { cutFrame, type Frame } from './framing.ts';
import type { Person } from './person.ts';
import { encodeJpeg, encodePng, type Raster, type Rect } from './raster.ts';

/** Where a style cuts the photo, and how large the cut is scaled: its long side in px. */
export type Framing = (person: Person, outputSize: number) => { rect: Rect; longSide: number };

/** What a painter may use beyond the frame: every face (a group's), and the tenant's backdrop. */
export interface PaintContext {
  /** Every face found, best first, in frame coordinates (the frame's own `face` is the first). */
  faces: Rect[];
  /** The tenant's backdrop, for a style that places the guest in a scene. */
  scene?: SceneImage;
  /** The tenant's studio gradient, for the studio portrait (else it blurs the guest's own background). */
  studio?: StudioGradient;
}

/** Draws the style on the framed person; the result is encoded by the pipeline. */
export type Painter = (frame: Frame, outputSize: number, context: PaintContext) => Promise<Raster>;

/** JPEG for opaque pictures; PNG where transparency matters (a die-cut sticker's edge). */
export type OutputFormat = 'jpeg' | 'png';

export interface LocalStyle extends EngineStyle {
  framing: Framing;
  paint: Painter;
  output: OutputFormat;
}

/** The person cut out as the style frames it, with the matte at the frame's resolution. */
export async function frameStage(person: Person, framing: Framing, outputSize: number): Promise<Frame> {
  const { rect, longSide } = framing(person, outputSize);
  return cutFrame(person, rect, longSide);
}

const ENCODERS: Record<
  OutputFormat,
  { encode: (raster: Raster) => Promise<Buffer>; contentType: EngineImage['contentType'] }
> = {
  jpeg: { encode: encodeJpeg, contentType: 'image/jpeg' },
  png: { encode: encodePng, contentType: 'image/png' },
};

export async function encodeStage(raster: Raster, output: OutputFormat): Promise<EngineImage> {
  const { encode, contentType } = ENCODERS[output];
  return { data: await encode(raster), contentType };
}

/** Frame → paint → encode, once the photo is decoded and the person found. */
export async function renderStyle(
  style: LocalStyle,
  person: Person,
  outputSize: number,
  scene?: SceneImage,
  studio?: StudioGradient,
): Promise<EngineImage> {
  const { rect, longSide } = style.framing(person, outputSize);
  const frame = await frameStage(person, () => ({ rect, longSide }), outputSize);
  return encodeStage(
    await style.paint(frame, outputSize, {
      faces: facesInFrame(person, rect, frame),
      ...(scene ? { scene } : {}),
      ...(studio ? { studio } : {}),
    }),
    style.output,
  );
}

/** The person's faces moved and scaled as the frame was cut from the photo. */
export function facesInFrame(person: Person, rect: Rect, frame: Frame): Rect[] {
  const ratio = frame.rgb.width / rect.width;
  return person.faces.map((face) => ({
    left: (face.left - rect.left) * ratio,
    top: (face.top - rect.top) * ratio,
    width: face.width * ratio,
    height: face.height * ratio,
  }));
}
