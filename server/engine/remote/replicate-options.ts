// A Replicate style's options in the styles file: which model runs, under which input names the
// model takes the photo, the prompt and (if wanted) the seed, and the inputs that stay fixed.
// Checked once at start, so a typo stops the booth before a visitor waits on it.
import { z } from 'zod';
import { OptionsError } from './provider.ts';

export interface ReplicateOptions {
  /** "owner/name": an official model at its current version (POST /v1/models/{owner}/{name}/predictions). */
  model?: string;
  /** A 64-hex version id: a model pinned to one version (POST /v1/predictions). */
  version?: string;
  /** The model's input that receives the photo. */
  imageInput: string;
  /** The model's input that receives the style's prompt. */
  promptInput: string;
  /** The model's input that receives the job's seed; no seed is sent without it. */
  seedInput?: string;
  /** The model's second image input, which receives a scene style's scene (required for one, refused otherwise). */
  sceneInput?: string;
  /** Inputs sent as written with every prediction of the style (aspect ratio, output format…). */
  input: Record<string, unknown>;
}

const OPTION_NAMES = ['model', 'version', 'image_input', 'prompt_input', 'seed_input', 'scene_input', 'input'];

// Replicate's owners and model names are letters, digits, -, _ and .; both end up in a URL path,
// so nothing else is let through (no "..", no "/", no "?").
const MODEL = /^[A-Za-z0-9][\w.-]*\/[A-Za-z0-9][\w.-]*$/;
const VERSION = /^[0-9a-f]{64}$/;
// A model's inputs are the arguments of its Python predict() function.
const INPUT_NAME = /^[A-Za-z_]\w*$/;

const inputName = (option: string) =>
  z
    .string({ error: `${option} is the name of one of the model's inputs, as text` })
    .regex(
      INPUT_NAME,
      `${option} is the name of one of the model's inputs: letters, digits and _, as on the model's API page`,
    );

const optionsSchema = z.strictObject(
  {
    model: z
      .string({ error: 'model is text: "owner/name", as in the model\'s page address' })
      .regex(
        MODEL,
        'model is "owner/name", as in the model\'s page address (e.g. "black-forest-labs/flux-kontext-pro")',
      )
      .optional(),
    version: z
      .string({ error: 'version is text: the 64-character version id' })
      .regex(VERSION, 'version is the 64-character id of one version (lowercase hex), without "owner/name:" in front')
      .optional(),
    image_input: inputName('image_input').default('image'),
    prompt_input: inputName('prompt_input').default('prompt'),
    seed_input: inputName('seed_input').optional(),
    scene_input: inputName('scene_input').optional(),
    input: z
      .record(z.string(), z.json(), {
        error: 'input is an object of the model\'s inputs, e.g. { "output_format": "png" }',
      })
      .default({}),
  },
  {
    error: (issue) =>
      issue.code === 'invalid_type'
        ? 'A Replicate style\'s options are an object, e.g. { "model": "owner/name" }'
        : undefined,
  },
);

/** A style's options checked and named for the provider; throws an OptionsError naming the field. */
export function parseReplicateOptions(options: unknown, context: { scene?: boolean } = {}): ReplicateOptions {
  const parsed = optionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue.code === 'unrecognized_keys') {
      throw new OptionsError(
        issue.keys[0],
        `"${issue.keys[0]}" is not a Replicate option; the options are ${OPTION_NAMES.join(', ')}`,
      );
    }
    throw new OptionsError(issue.path.join('.') || 'options', issue.message);
  }
  const { model, version, image_input, prompt_input, seed_input, scene_input, input } = parsed.data;
  if (context.scene && !scene_input) {
    throw new OptionsError(
      'scene_input',
      'A scene style on Replicate names the model\'s second image input, which receives the scene: "scene_input", e.g. "image_2"',
    );
  }
  if (!context.scene && scene_input) {
    throw new OptionsError('scene_input', 'scene_input is for a scene style: give the style a "scene", or remove it');
  }
  if (!model && !version) {
    throw new OptionsError(
      'model',
      'A Replicate style names its model: "model": "owner/name" for an official model, or "version": "<64-character id>" for one version',
    );
  }
  if (model && version) {
    throw new OptionsError(
      'version',
      'Give "model" or "version", not both: "model" runs the model\'s current version, "version" one version',
    );
  }
  const filled: [string, string, string][] = [
    [image_input, 'the photo (image_input)', 'image_input'],
    [prompt_input, "the style's prompt (prompt_input)", 'prompt_input'],
  ];
  if (seed_input) filled.push([seed_input, "the job's seed (seed_input)", 'seed_input']);
  if (scene_input) filled.push([scene_input, 'the scene (scene_input)', 'scene_input']);
  const twice = filled.find(([name], i) => filled.findIndex(([other]) => other === name) !== i);
  if (twice) {
    throw new OptionsError(
      twice[2],
      'image_input, prompt_input, seed_input and scene_input name different inputs of the model',
    );
  }
  // The booth fills these inputs itself for each job, so a fixed value would be silently replaced.
  for (const [name, what] of filled) {
    if (Object.hasOwn(input, name))
      throw new OptionsError(
        `input.${name}`,
        `input.${name} is filled with ${what} for each job; remove it from "input"`,
      );
  }
  return {
    model,
    version,
    imageInput: image_input,
    promptInput: prompt_input,
    seedInput: seed_input,
    ...(scene_input ? { sceneInput: scene_input } : {}),
    input,
  };
}
