// Every limit of the local engine is a named setting with a default, so an operator can tune it
// (server/process/settings.ts reads them from the environment as ENGINE_* and BOOTH_MAX_PIXELS).

export interface LocalEngineOptions {
  /** Long side, in px, of the downscaled copy the models see. */
  inferenceSize?: number;
  /** Every output image is at least this many px on its long side. */
  outputSize?: number;
  /**
   * With no face confirmed, the mask must be at least 90% sure over this fraction of the photo.
   * Measured: objects the selfie model half-believes in (a coffee cup) reach 0.11-0.22 (the
   * mirrored camera shot scores highest); a person whose face is cut off reaches 0.56-0.78.
   */
  minPersonArea?: number;
  /**
   * A face, or that mask, counts as a person only if the body-pose model's five surest keypoints
   * average at least this (0..1) in the head-and-shoulders square around the face, or over the
   * whole photo for the mask. Measured: people 0.52-0.75; the cat, whose face BlazeFace finds,
   * 0.08-0.40; other animals and objects the face or mask check let through at most 0.40.
   */
  minPoseScore?: number;
  /** Minimum confidence of a face detection. */
  minFaceConfidence?: number;
  /** Photos with more pixels than this are refused before decoding (decompression bombs). */
  maxInputPixels?: number;
}

export type LocalEngineSettings = Required<LocalEngineOptions>;

export const DEFAULT_LOCAL_ENGINE_SETTINGS: LocalEngineSettings = {
  inferenceSize: 1024,
  outputSize: 1024,
  minPersonArea: 0.35,
  minPoseScore: 0.45,
  minFaceConfidence: 0.5,
  maxInputPixels: 40_000_000,
};

export function resolveSettings(options: LocalEngineOptions = {}): LocalEngineSettings {
  const settings = { ...DEFAULT_LOCAL_ENGINE_SETTINGS };
  for (const key of Object.keys(settings) as (keyof LocalEngineSettings)[]) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value <= 0) {
      throw new Error(`Engine setting ${key} must be a positive number, got ${String(value)}.`);
    }
    settings[key] = value;
  }
  if (settings.inferenceSize < 256) throw new Error('Engine setting inferenceSize must be at least 256.');
  if (settings.outputSize < 256) throw new Error('Engine setting outputSize must be at least 256.');
  return settings;
}
