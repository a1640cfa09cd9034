// The interface of an engine that computes: it runs inside one of this process's worker threads
// (server/run/pool.ts), lists its own styles and restyles a photo on the CPU. The local engine is
// the one there is. A generative service (ComfyUI, an OpenAI-compatible image edit, Replicate) is
// not an Engine: it is a Provider (remote/provider.ts), which the booth waits on from the main
// thread without holding a worker, and whose styles come from the styles file. Two interfaces on
// purpose: one is CPU work in a thread, the other a network call within a provider's own limit;
// server/run/restyle.ts picks one or the other by the style, and both end in an EngineResult.

export interface EngineStyle {
  /** Stable id, sent by the site as style_id. */
  id: string;
  /** The tile label the visitor reads. */
  description: string;
  /** What the job reports as its prompt; contains 'sticker' for sticker styles. */
  prompt: string;
  beta: boolean;
  /** Absolute path of the style's thumbnail file (WebP) on disk, if any; the server serves it. */
  thumbnail?: string;
}

export interface EngineImage {
  data: Uint8Array;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
}

export interface EngineResult {
  images: EngineImage[];
  prompt: string;
}

/**
 * One of the tenant's backdrops, for a style that places the guest in a scene: the absolute path
 * of a file in the tenant asset folder, or (on the scale-out path) the bytes read from the shared
 * store under a key that changes with them. The same shape as a brand frame's image.
 */
export type SceneImage = string | { key: string; data: Uint8Array };

/**
 * The tenant's studio backdrop for the studio portrait (its studioBackdrop 'gradient'): a gradient
 * drawn from its background and accent colours, '#rrggbb'. Without it the style blurs the guest's
 * own background.
 */
export interface StudioGradient {
  background: string;
  accent: string;
}

export interface RestyleInput {
  /** The encoded photo (JPEG, PNG or WebP) exactly as the visitor sent it. */
  photo: Uint8Array;
  styleId: string;
  /** The tenant's backdrop; a style that places the guest in a scene uses its own without it. */
  scene?: SceneImage;
  /** The tenant's studio gradient, for the studio portrait. */
  studio?: StudioGradient;
}

export interface Engine {
  readonly name: string;
  /** Works before start(): the server lists styles without loading models. */
  styles(): EngineStyle[];
  /** Load and warm models, so that the first job is as fast as the others. */
  start(): Promise<void>;
  restyle(input: RestyleInput): Promise<EngineResult>;
  close(): Promise<void>;
}

/**
 * A failure the visitor should read as it is (the job ends ERROR with this message),
 * e.g. "We couldn't find a person in the photo. Please try again facing the camera."
 * Any other thrown error ends the job with a generic message and is logged for ops.
 */
export class EngineError extends Error {
  override name = 'EngineError';
}
