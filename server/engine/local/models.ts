// The three models, all run on the tfjs wasm backend through @vladmandic/human:
// BlazeFace (face boxes, through human.detect), MediaPipe selfie segmentation (run directly,
// so the mask stays at its native 256x256 and sharp scales it once to the size a style needs)
// and MoveNet Lightning (body keypoints, run directly on the square the person check cuts).
// Nothing is downloaded: the model files live in ./models and are read through a file:// loader.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Human, Config, GraphModel, Tensor } from '@vladmandic/human';
import type { Raster } from './raster.ts';

const require = createRequire(import.meta.url);
const MODELS_DIR = fileURLToPath(new URL('./models/', import.meta.url));
/** The selfie model's fixed input: 256x256 RGB in 0..1, output 256x256 person probability. */
export const SEGMENTATION_SIZE = 256;
/** MoveNet Lightning's fixed input: a 192x192 RGB square in 0..255, one person's 17 keypoints out. */
export const POSE_SIZE = 192;

export interface FaceBox {
  left: number;
  top: number;
  width: number;
  height: number;
  score: number;
}

/** A body keypoint in POSE_SIZE square coordinates, MoveNet's order (nose, eyes, ears, shoulders, ...). */
export interface Keypoint {
  x: number;
  y: number;
  score: number;
}

type Tf = Human['tf'];
type HumanModule = { Human: new (config: Partial<Config>) => Human };

export interface Models {
  /** Faces in `image` (pixel coordinates of that image), best first. */
  detectFaces(image: Raster): Promise<FaceBox[]>;
  /** Person probability 0..255 for each pixel of a SEGMENTATION_SIZE square stretched over `image`. */
  segment(square: Raster): Promise<Uint8Array>;
  /** The 17 body keypoints of the most prominent person in a POSE_SIZE square. */
  detectPose(square: Raster): Promise<Keypoint[]>;
  dispose(): void;
}

export async function loadModels(minFaceConfidence: number): Promise<Models> {
  // The package's exports map only names conditions, so the wasm build is loaded by its file path.
  const humanDist = dirname(require.resolve('@vladmandic/human'));
  const { Human: HumanClass } = require(join(humanDist, 'human.node-wasm.js')) as HumanModule;
  const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const human = new HumanClass({
    backend: 'wasm',
    wasmPath: `${pathToFileURL(wasmDir).href}/`,
    modelBasePath: `${pathToFileURL(MODELS_DIR).href}/`,
    debug: false,
    // Every photo is a new visitor: never reuse a previous frame's result.
    cacheSensitivity: 0,
    // Up to 12 faces: each face of a group anchors its person's part of the mask (person.ts).
    face: {
      enabled: true,
      detector: {
        modelPath: 'blazeface.json',
        rotation: false,
        maxDetected: 12,
        minConfidence: minFaceConfidence,
        return: false,
      },
      mesh: { enabled: false },
      iris: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      attention: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  });
  const tf = human.tf as Tf;
  registerFileLoader(tf);
  await human.init();
  if (tf.getBackend() !== 'wasm') throw new Error(`The tfjs wasm backend did not start (got ${tf.getBackend()}).`);
  await human.load();
  const selfie = (await tf.loadGraphModel(pathToFileURL(join(MODELS_DIR, 'selfie.json')).href)) as GraphModel;
  const movenet = (await tf.loadGraphModel(
    pathToFileURL(join(MODELS_DIR, 'movenet-lightning.json')).href,
  )) as GraphModel;

  return {
    async detectFaces(image) {
      const input = tf.tensor4d(image.data, [1, image.height, image.width, image.channels], 'int32');
      try {
        const result = await human.detect(input as never);
        return result.face
          .map((face) => ({
            left: face.box[0],
            top: face.box[1],
            width: face.box[2],
            height: face.box[3],
            score: face.score,
          }))
          .filter((face) => face.width > 0 && face.height > 0)
          .sort((a, b) => b.score - a.score);
      } finally {
        tf.dispose(input);
      }
    },
    async segment(square) {
      const pixels = new Float32Array(square.width * square.height * 3);
      for (let i = 0, p = 0; i < pixels.length; p += square.channels) {
        pixels[i++] = square.data[p] / 255;
        pixels[i++] = square.data[p + 1] / 255;
        pixels[i++] = square.data[p + 2] / 255;
      }
      const input = tf.tensor4d(pixels, [1, square.height, square.width, 3], 'float32');
      const output = selfie.execute(input) as Tensor;
      try {
        const probabilities = (await output.data()) as Float32Array;
        const mask = new Uint8Array(probabilities.length);
        for (let i = 0; i < mask.length; i++) mask[i] = Math.round(Math.min(1, Math.max(0, probabilities[i])) * 255);
        return mask;
      } finally {
        tf.dispose([input, output]);
      }
    },
    async detectPose(square) {
      const input = tf.tensor4d(square.data, [1, square.height, square.width, square.channels], 'int32');
      const output = movenet.execute(input) as Tensor;
      try {
        // [1, 1, 17, 3]: y, x, score per keypoint, positions as fractions of the square.
        const values = (await output.data()) as Float32Array;
        const keypoints: Keypoint[] = [];
        for (let i = 0; i < values.length; i += 3) {
          keypoints.push({ x: values[i + 1] * square.width, y: values[i] * square.height, score: values[i + 2] });
        }
        return keypoints;
      } finally {
        tf.dispose([input, output]);
      }
    },
    dispose() {
      selfie.dispose();
      movenet.dispose();
      tf.disposeVariables();
    },
  };
}

let loaderRegistered = false;

/** tfjs only knows http(s) in Node without tfjs-node: teach it to read file:// model folders. */
function registerFileLoader(tf: Tf): void {
  if (loaderRegistered) return;
  loaderRegistered = true;
  tf.io.registerLoadRouter((url: string | string[]) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    return { load: () => readGraphModel(fileURLToPath(url)) };
  });
}

interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  userDefinedMetadata?: Record<string, unknown>;
  weightsManifest: { paths: string[]; weights: object[] }[];
}

async function readGraphModel(path: string) {
  const json = JSON.parse(await readFile(path, 'utf8')) as ModelJson;
  const folder = dirname(path);
  const files = await Promise.all(
    json.weightsManifest.flatMap((group) => group.paths.map((file) => readFile(join(folder, file)))),
  );
  const weights = Buffer.concat(files);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  } as never;
}
