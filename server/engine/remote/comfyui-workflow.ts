// A style's ComfyUI workflow: read from its file and checked once at start, then filled for each
// job. The file is ComfyUI's API format (what "Export (API)" saves): an object of nodes by id,
// each `{ class_type, inputs }`, where an input is a value or a link `[node id, output index]`.
// The booth fills three placeholders, written as input values in the file:
//   "{{photo}}"   the visitor's photo as uploaded (the LoadImage node's image); required
//   "{{prompt}}"  the style's prompt, alone or inside a longer text; required but in a scene style's workflow
//   "{{seed}}"    the job's seed, as a number (the sampler's seed); optional
//   "{{scene}}"   a scene style's scene template as uploaded (a second LoadImage's image); required
//                 in a scene style's workflow, refused in any other
// and, for a style with inputs (contract/style-inputs.ts), "{{name}}" of each: the guest's words.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OptionsError } from './provider.ts';

export interface WorkflowNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}

export type Workflow = Record<string, WorkflowNode>;

/** A style's options for ComfyUI, as parseOptions made them ready. */
export interface ComfyuiOptions {
  /** The workflow file, as an absolute path (for messages). */
  file: string;
  workflow: Workflow;
  /** The node whose images are the result; unset: the first node that saved images. */
  outputNode?: string;
}

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const PLACEHOLDERS = ['photo', 'prompt', 'seed', 'scene'];

/** Reads and checks a style's options (`{ workflow, output_node? }`); throws an OptionsError naming the field. */
export function parseComfyuiOptions(
  options: unknown,
  baseDir: string,
  scene = false,
  inputNames: readonly string[] = [],
): ComfyuiOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new OptionsError(
      'workflow',
      'A ComfyUI style needs options with "workflow": the path of its workflow file (API format).',
    );
  }
  const { workflow: workflowPath, output_node: outputNode, ...rest } = options as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw new OptionsError(
      unknown[0],
      `A ComfyUI style takes only "workflow" and "output_node"; "${unknown[0]}" is not one of them.`,
    );
  }
  if (typeof workflowPath !== 'string' || workflowPath.trim() === '') {
    throw new OptionsError(
      'workflow',
      'A ComfyUI style needs "workflow": the path of its workflow file (API format), relative to the styles file.',
    );
  }
  const file = path.resolve(baseDir, workflowPath);
  const workflow = readWorkflow(file);
  const problem = workflowProblem(workflow, inputNames) ?? sceneProblem(workflow as Workflow, scene);
  if (problem) throw new OptionsError('workflow', `The workflow ${file} ${problem}`);

  if (outputNode === undefined) return { file, workflow: workflow as Workflow };
  if ((typeof outputNode !== 'string' && typeof outputNode !== 'number') || String(outputNode) === '') {
    throw new OptionsError(
      'output_node',
      '"output_node" is the id of the workflow node whose images are the result, e.g. "9".',
    );
  }
  if (!Object.hasOwn(workflow as object, String(outputNode))) {
    throw new OptionsError(
      'output_node',
      `"output_node" is ${JSON.stringify(outputNode)}, but the workflow ${file} has no node with that id.`,
    );
  }
  return { file, workflow: workflow as Workflow, outputNode: String(outputNode) };
}

function readWorkflow(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OptionsError(
      'workflow',
      code === 'ENOENT'
        ? `The workflow file ${file} does not exist (the path is relative to the styles file's folder).`
        : `The workflow file ${file} cannot be read (${code ?? (error as Error).message}).`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new OptionsError('workflow', `The workflow file ${file} is not JSON: ${(error as Error).message}.`);
  }
}

/**
 * What is wrong with a workflow, as the end of a sentence starting "The workflow FILE", or null.
 * The booth can only run the API format and must find where the photo and the prompt go.
 */
export function workflowProblem(workflow: unknown, inputNames: readonly string[] = []): string | null {
  if (typeof workflow !== 'object' || workflow === null || Array.isArray(workflow)) {
    return 'is not an API-format workflow (an object of nodes by id). In ComfyUI, export it with Workflow → Export (API), or "Save (API Format)" in older versions.';
  }
  const record = workflow as Record<string, unknown>;
  if (Array.isArray(record.nodes) && 'links' in record) {
    return 'was saved from the ComfyUI canvas (it has "nodes" and "links"), not in the API format the booth runs. In ComfyUI, export it with Workflow → Export (API), or "Save (API Format)" in older versions (Settings → enable Dev mode Options).';
  }
  const ids = Object.keys(record);
  if (ids.length === 0) return 'has no nodes.';
  for (const id of ids) {
    const node = record[id] as Partial<WorkflowNode> | null;
    if (
      typeof node !== 'object' ||
      node === null ||
      typeof node.class_type !== 'string' ||
      typeof node.inputs !== 'object' ||
      node.inputs === null
    ) {
      return `is not an API-format workflow: node "${id}" is not { "class_type", "inputs" }. In ComfyUI, export it with Workflow → Export (API), or "Save (API Format)" in older versions.`;
    }
    for (const [name, value] of Object.entries(node.inputs)) {
      if (typeof value !== 'string') continue;
      if (value.includes('{{photo}}') && value !== '{{photo}}') {
        return `has "{{photo}}" inside a longer text (node ${id}, input "${name}"): it must be the whole value of the input that names the photo (the LoadImage node's image).`;
      }
      if (value.includes('{{scene}}') && value !== '{{scene}}') {
        return `has "{{scene}}" inside a longer text (node ${id}, input "${name}"): it must be the whole value of the input that names the scene (a second LoadImage node's image).`;
      }
      for (const [, name_] of value.matchAll(PLACEHOLDER)) {
        if (!PLACEHOLDERS.includes(name_) && !inputNames.includes(name_)) {
          const inputs = inputNames.map((n) => `, {{${n}}}`).join('');
          return `has the placeholder {{${name_}}} (node ${id}, input "${name}"); the booth fills only {{photo}}, {{prompt}}${inputs}, {{seed}} and {{scene}}.`;
        }
      }
    }
  }
  const values = ids.flatMap((id) => Object.values((record[id] as WorkflowNode).inputs));
  const texts = values.filter((value): value is string => typeof value === 'string');
  if (!texts.includes('{{photo}}')) {
    return 'has no "{{photo}}": set the image of its LoadImage node to "{{photo}}", so that the booth can give it the visitor\'s photo.';
  }
  // A face swap into a scene has no text to give: the scene says what the picture is.
  if (!texts.some((text) => text.includes('{{prompt}}')) && !texts.includes('{{scene}}')) {
    return 'has no "{{prompt}}": put it in the text of the positive CLIPTextEncode node, alone or inside a longer text, so that the style\'s prompt reaches the model.';
  }
  return null;
}

/** A scene style's workflow takes the scene; any other has nowhere to put one. */
function sceneProblem(workflow: Workflow, scene: boolean): string | null {
  const takes = Object.values(workflow).some((node) => Object.values(node.inputs).includes('{{scene}}'));
  if (scene && !takes)
    return 'has no "{{scene}}", and its style names a scene: set the image of a second LoadImage node to "{{scene}}", so that the booth can give it the scene template.';
  if (!scene && takes)
    return 'has "{{scene}}", and its style names no scene: give the style a "scene" (its scene template), or take "{{scene}}" out.';
  return null;
}

interface FillValues {
  photo: string;
  prompt: string;
  seed: number;
  /** The uploaded scene's name, for a scene style. */
  scene?: string;
  /** The guest's words by input name. */
  words?: Readonly<Record<string, string>>;
}

/** The workflow of one job: the placeholders replaced, the file's workflow left as it is. */
export function fillWorkflow(workflow: Workflow, values: FillValues): Workflow {
  const filled: Workflow = {};
  for (const [id, node] of Object.entries(workflow)) {
    const inputs: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(node.inputs)) inputs[name] = fillValue(value, values);
    filled[id] = { ...node, inputs };
  }
  return filled;
}

function fillValue(value: unknown, values: FillValues): unknown {
  if (typeof value !== 'string') return value;
  // A seed input is an INT: the whole value becomes the number, not a text.
  if (value === '{{seed}}') return values.seed;
  // One pass, so that a prompt that happens to contain "{{photo}}" is sent as written.
  const filled: Record<string, string | undefined> = {
    photo: values.photo,
    prompt: values.prompt,
    seed: String(values.seed),
    scene: values.scene,
  };
  return value.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(filled, name)
      ? (filled[name] ?? whole)
      : values.words && Object.hasOwn(values.words, name)
        ? values.words[name]!
        : whole,
  );
}

/** An image a node saved, as ComfyUI lists it in `executed` messages and in the history. */
export interface OutputImage {
  filename: string;
  subfolder: string;
  type: string;
}

/**
 * The image that is the job's result: the first image of `outputNode` when set, otherwise of the
 * first node (in the workflow's order) that saved images to ComfyUI's output folder (SaveImage),
 * else of the first that showed any (PreviewImage keeps its images in "temp"). Null when none did.
 */
export function pickOutput(
  workflow: Workflow,
  outputs: Record<string, unknown>,
  outputNode?: string,
): { node: string; image: OutputImage } | null {
  const imagesOf = (node: string): OutputImage[] => {
    const images = (outputs[node] as { images?: unknown } | null | undefined)?.images;
    if (!Array.isArray(images)) return [];
    return images
      .filter(isOutputImage)
      .map((image) => ({ filename: image.filename, subfolder: image.subfolder ?? '', type: image.type ?? 'output' }));
  };
  if (outputNode !== undefined) {
    const [image] = imagesOf(outputNode);
    return image ? { node: outputNode, image } : null;
  }
  const order = [...Object.keys(workflow), ...Object.keys(outputs).filter((node) => !Object.hasOwn(workflow, node))];
  for (const saved of [true, false]) {
    for (const node of order) {
      const image = imagesOf(node).find((candidate) => !saved || candidate.type === 'output');
      if (image) return { node, image };
    }
  }
  return null;
}

function isOutputImage(value: unknown): value is Partial<OutputImage> & { filename: string } {
  const image = value as Partial<OutputImage> | null;
  return (
    typeof image === 'object' &&
    image !== null &&
    typeof image.filename === 'string' &&
    image.filename !== '' &&
    (image.subfolder === undefined || typeof image.subfolder === 'string') &&
    (image.type === undefined || typeof image.type === 'string')
  );
}
