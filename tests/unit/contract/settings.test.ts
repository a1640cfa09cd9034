import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_PASSWORD } from '../../../contract/index.ts';
import { readSettings } from '../../../scripts/pipeline/settings.ts';
import { loadSettings } from '../../../server/process/settings.ts';

/** The outcome of one environment for the build and for the server: the value read, or the error line. */
function outcome(read: () => Record<string, unknown>, key: string): { value?: unknown; error?: string } {
  try {
    return { value: read()[key] };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

// Settings both sides read, with the field each side names them by.
const FIELDS = {
  BOOTH_BUCKET_PREFIX: ['bucketPrefix', 'bucketPrefix'],
  BOOTH_APP_NAME: ['appName', 'appName'],
  BOOTH_DATASET_ID: ['datasetId', 'datasetId'],
  BOOTH_PROXY_SIGNATURE: ['proxySignature', 'proxySignature'],
  BOOTH_SERVICE_USERNAME: ['username', 'serviceUsername'],
  BOOTH_SERVICE_PASSWORD: ['password', 'servicePassword'],
} as const;

describe('settings the build and the server share', () => {
  it.each([
    ['BOOTH_BUCKET_PREFIX', 's3://event-assets', 's3://event-assets'],
    ['BOOTH_BUCKET_PREFIX', 'booth-assets', null],
    ['BOOTH_BUCKET_PREFIX', 's3://booth-assets/deeper', null],
    ['BOOTH_APP_NAME', 'summer.booth-2', 'summer.booth-2'],
    ['BOOTH_APP_NAME', 'photo/booth', null],
    ['BOOTH_DATASET_ID', '10333', '10333'],
    ['BOOTH_DATASET_ID', '10 333', null],
    ['BOOTH_DATASET_ID', '../admin', null],
    ['BOOTH_PROXY_SIGNATURE', '/insecure/', 'insecure'],
    ['BOOTH_PROXY_SIGNATURE', 'sig_1-A', 'sig_1-A'],
    ['BOOTH_PROXY_SIGNATURE', 'a/b', null],
    ['BOOTH_PROXY_SIGNATURE', 'camera', null],
    ['BOOTH_PROXY_SIGNATURE', 'media', null],
    ['BOOTH_SERVICE_USERNAME', ' ops ', 'ops'],
    ['BOOTH_SERVICE_PASSWORD', '   ', DEFAULT_SERVICE_PASSWORD],
  ] as const)('%s=%j: both sides read the same (%j, null = refused)', (name, raw, expected) => {
    const [buildField, serverField] = FIELDS[name];
    const env = { [name]: raw };
    const build = outcome(() => ({ ...readSettings(env) }), buildField);
    const server = outcome(() => ({ ...loadSettings(env) }), serverField);
    expect(build).toEqual(server);
    if (expected === null) {
      // One line, naming the setting and its value, saying what is allowed.
      expect(build.error?.startsWith(`Invalid setting ${name}=${JSON.stringify(raw)}: `)).toBe(true);
      expect(build.error).not.toContain('\n');
    } else {
      expect(build.value).toBe(expected);
    }
  });

  it('never shows a secret in the error line', () => {
    const build = outcome(
      () => ({ ...readSettings({ BOOTH_SERVICE_PASSWORD: 'x', BOOTH_PROXY_SIGNATURE: 'api' }) }),
      'password',
    );
    expect(build.error).toMatch(/^Invalid setting BOOTH_PROXY_SIGNATURE="api"/);
    const server = outcome(() => ({ ...loadSettings({ BOOTH_JWT_SECRET: 'too-short-s3cret' }) }), 'jwtSecret');
    expect(server.error).toBe('Invalid setting BOOTH_JWT_SECRET (value not shown): must be at least 32 characters');
  });

  it('shows only an excerpt of a long value', () => {
    const { error } = outcome(() => ({ ...loadSettings({ BOOTH_APP_NAME: 'x/'.repeat(50_000) }) }), 'appName');
    expect(error!.length).toBeLessThan(300);
  });
});

describe('the pixel limit', () => {
  it('is one setting, BOOTH_MAX_PIXELS, for the upload check, the engine and the proxy', () => {
    const settings = loadSettings({ BOOTH_MAX_PIXELS: '1000000' });
    expect(settings.maxPixels).toBe(1_000_000);
    expect(settings.notices).toEqual([]);
  });

  it('still reads ENGINE_MAX_INPUT_PIXELS, with a line saying it is deprecated', () => {
    const old = loadSettings({ ENGINE_MAX_INPUT_PIXELS: '2000000' });
    expect(old.maxPixels).toBe(2_000_000);
    expect(old.notices).toEqual([
      expect.stringMatching(/^ENGINE_MAX_INPUT_PIXELS is deprecated: it is now BOOTH_MAX_PIXELS/),
    ]);
    const both = loadSettings({ ENGINE_MAX_INPUT_PIXELS: '2000000', BOOTH_MAX_PIXELS: '3000000' });
    expect(both.maxPixels).toBe(3_000_000);
    expect(both.notices).toEqual([expect.stringMatching(/ignored: BOOTH_MAX_PIXELS is set/)]);
  });
});

describe('engine tuning', () => {
  it('is read with the other server settings, an unset one left to the engine', () => {
    const { engineOptions } = loadSettings({ ENGINE_OUTPUT_SIZE: '1536', ENGINE_MIN_PERSON_AREA: '' });
    expect(engineOptions).toEqual({
      outputSize: 1536,
      inferenceSize: undefined,
      minPersonArea: undefined,
      minPoseScore: undefined,
      minFaceConfidence: undefined,
    });
  });

  it.each([
    [{ ENGINE_INFERENCE_SIZE: 'big' }, 'Invalid setting ENGINE_INFERENCE_SIZE="big": expected a whole number'],
    [{ ENGINE_OUTPUT_SIZE: '100' }, 'Invalid setting ENGINE_OUTPUT_SIZE="100": must be at least 256'],
    [{ ENGINE_MIN_PERSON_AREA: '1.5' }, 'Invalid setting ENGINE_MIN_PERSON_AREA="1.5": must be at most 1'],
    [{ ENGINE_MIN_POSE_SCORE: '0' }, 'Invalid setting ENGINE_MIN_POSE_SCORE="0": must be above 0'],
    [
      { ENGINE_MIN_FACE_CONFIDENCE: 'high' },
      'Invalid setting ENGINE_MIN_FACE_CONFIDENCE="high": expected a number between 0 and 1',
    ],
  ])('refuses %o with one line', (env, line) => {
    expect(() => loadSettings(env)).toThrow(line);
  });
});
