// Every limit of the local engine is a named setting with a default, so an operator can tune it
// (the server reads them from the environment through localEngineOptionsFromEnv).

export interface LocalEngineOptions {
  /** Long side, in px, of the downscaled copy the models see. */
  inferenceSize?: number;
  /** Every output image is at least this many px on its long side. */
  outputSize?: number;
  /**
   * With no face found, the mask must be at least 90% sure over this fraction of the photo.
   * Measured: objects the selfie model half-believes in (a coffee cup) reach 0.11-0.22 (the
   * mirrored camera shot scores highest); a person whose face is cut off reaches 0.56-0.78.
   */
  minPersonArea?: number;
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
  minFaceConfidence: 0.5,
  maxInputPixels: 40_000_000,
};

const ENV_NAMES: Record<keyof LocalEngineSettings, string> = {
  inferenceSize: 'ENGINE_INFERENCE_SIZE',
  outputSize: 'ENGINE_OUTPUT_SIZE',
  minPersonArea: 'ENGINE_MIN_PERSON_AREA',
  minFaceConfidence: 'ENGINE_MIN_FACE_CONFIDENCE',
  maxInputPixels: 'ENGINE_MAX_INPUT_PIXELS',
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

/** Reads ENGINE_INFERENCE_SIZE, ENGINE_OUTPUT_SIZE, ... ; unset variables keep their default. */
export function localEngineOptionsFromEnv(env: Record<string, string | undefined> = process.env): LocalEngineOptions {
  const options: LocalEngineOptions = {};
  for (const [key, name] of Object.entries(ENV_NAMES) as [keyof LocalEngineSettings, string][]) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}".`);
    options[key] = value;
  }
  return options;
}
