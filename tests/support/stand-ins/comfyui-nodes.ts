// What the ComfyUI stand-in knows of nodes: the core classes of an img2img workflow with their
// input and output types, and the checks ComfyUI makes of a prompt before it queues it (POST
// /prompt), refused in ComfyUI's own shapes: `{error: {type, message, details, extra_info},
// node_errors: {id: {errors: [{type, message, details, extra_info}], dependent_outputs, class_type}}}`.
// Stricter than ComfyUI in two places, so that a provider that sends the wrong thing fails its
// tests: a placeholder left in any text is refused, and an INT or FLOAT must be a JSON number
// (ComfyUI would also take the text "42").

type InputType =
  | 'INT'
  | 'FLOAT'
  | 'STRING'
  | 'MODEL'
  | 'CLIP'
  | 'VAE'
  | 'IMAGE'
  | 'LATENT'
  | 'CONDITIONING'
  | 'MASK'
  | 'BOOLEAN'
  | 'CONTROL_NET'
  | 'INSTANTID'
  | 'FACEANALYSIS'
  | 'IPADAPTER'
  | 'FACE_MODEL'
  | (string | number)[];

interface NodeClass {
  inputs: Record<string, InputType | { type: InputType; min?: number; max?: number }>;
  outputs: string[];
  outputNode?: boolean;
}

export const SAMPLERS = ['euler', 'euler_ancestral', 'dpmpp_2m', 'dpmpp_2m_sde', 'dpmpp_sde', 'ddim', 'uni_pc'];
export const SCHEDULERS = ['normal', 'karras', 'exponential', 'sgm_uniform', 'simple', 'ddim_uniform'];

function nodeClasses(checkpoints: string[]): Record<string, NodeClass> {
  return {
    CheckpointLoaderSimple: { inputs: { ckpt_name: checkpoints }, outputs: ['MODEL', 'CLIP', 'VAE'] },
    LoadImage: { inputs: { image: 'STRING' }, outputs: ['IMAGE', 'MASK'] },
    VAEEncode: { inputs: { pixels: 'IMAGE', vae: 'VAE' }, outputs: ['LATENT'] },
    CLIPTextEncode: { inputs: { text: 'STRING', clip: 'CLIP' }, outputs: ['CONDITIONING'] },
    KSampler: {
      inputs: {
        model: 'MODEL',
        seed: { type: 'INT', min: 0, max: Number.MAX_SAFE_INTEGER },
        steps: { type: 'INT', min: 1, max: 10_000 },
        cfg: { type: 'FLOAT', min: 0, max: 100 },
        sampler_name: SAMPLERS,
        scheduler: SCHEDULERS,
        positive: 'CONDITIONING',
        negative: 'CONDITIONING',
        latent_image: 'LATENT',
        denoise: { type: 'FLOAT', min: 0, max: 1 },
      },
      outputs: ['LATENT'],
    },
    VAEDecode: { inputs: { samples: 'LATENT', vae: 'VAE' }, outputs: ['IMAGE'] },
    SaveImage: { inputs: { images: 'IMAGE', filename_prefix: 'STRING' }, outputs: [], outputNode: true },
    PreviewImage: { inputs: { images: 'IMAGE' }, outputs: [], outputNode: true },
    ControlNetLoader: { inputs: { control_net_name: CONTROL_NETS }, outputs: ['CONTROL_NET'] },
    ...CUSTOM_NODES,
  };
}

const CONTROL_NETS = ['instantid/diffusion_pytorch_model.safetensors'];
const unit = { type: 'FLOAT', min: 0, max: 1 } as const;

/**
 * The custom nodes of the example scene workflows, with the required inputs their INPUT_TYPES
 * declare (cubiq/ComfyUI_InstantID, cubiq/ComfyUI_IPAdapter_plus, Gourieff/ComfyUI-ReActor), so
 * that a wrong name or value in an example fails its test as it would fail on a real box. The
 * model lists are the files the workflows' README tells an operator to install.
 */
const CUSTOM_NODES: Record<string, NodeClass> = {
  InstantIDModelLoader: { inputs: { instantid_file: ['ip-adapter.bin'] }, outputs: ['INSTANTID'] },
  InstantIDFaceAnalysis: { inputs: { provider: ['CPU', 'CUDA', 'ROCM'] }, outputs: ['FACEANALYSIS'] },
  ApplyInstantID: {
    inputs: {
      instantid: 'INSTANTID',
      insightface: 'FACEANALYSIS',
      control_net: 'CONTROL_NET',
      image: 'IMAGE',
      model: 'MODEL',
      positive: 'CONDITIONING',
      negative: 'CONDITIONING',
      weight: { type: 'FLOAT', min: 0, max: 5 },
      start_at: unit,
      end_at: unit,
    },
    outputs: ['MODEL', 'CONDITIONING', 'CONDITIONING'],
  },
  IPAdapterUnifiedLoader: {
    inputs: {
      model: 'MODEL',
      preset: [
        'LIGHT - SD1.5 only (low strength)',
        'STANDARD (medium strength)',
        'VIT-G (medium strength)',
        'PLUS (high strength)',
        'PLUS FACE (portraits)',
        'FULL FACE - SD1.5 only (portraits stronger)',
      ],
    },
    outputs: ['MODEL', 'IPADAPTER'],
  },
  IPAdapterAdvanced: {
    inputs: {
      model: 'MODEL',
      ipadapter: 'IPADAPTER',
      image: 'IMAGE',
      weight: { type: 'FLOAT', min: -1, max: 5 },
      weight_type: ['linear', 'ease in', 'ease out', 'ease in-out', 'style transfer', 'composition'],
      combine_embeds: ['concat', 'add', 'subtract', 'average', 'norm average'],
      start_at: unit,
      end_at: unit,
      embeds_scaling: ['V only', 'K+V', 'K+V w/ C penalty', 'K+mean(V) w/ C penalty'],
    },
    outputs: ['MODEL'],
  },
  ReActorFaceSwap: {
    inputs: {
      enabled: 'BOOLEAN',
      input_image: 'IMAGE',
      swap_model: ['inswapper_128.onnx'],
      facedetection: ['retinaface_resnet50', 'retinaface_mobile0.25', 'YOLOv5l', 'YOLOv5n'],
      face_restore_model: ['none', 'codeformer-v0.1.0.pth', 'GFPGANv1.3.pth', 'GFPGANv1.4.pth'],
      face_restore_visibility: { type: 'FLOAT', min: 0.1, max: 1 },
      codeformer_weight: unit,
      detect_gender_input: ['no', 'female', 'male'],
      detect_gender_source: ['no', 'female', 'male'],
      input_faces_index: 'STRING',
      source_faces_index: 'STRING',
      console_log_level: [0, 1, 2],
    },
    outputs: ['IMAGE', 'FACE_MODEL', 'IMAGE'],
  },
};

export interface PromptNode {
  class_type: string;
  inputs: Record<string, unknown>;
}

interface Reason {
  type: string;
  message: string;
  details: string;
  extra_info: Record<string, unknown>;
}

export type PromptCheck =
  | { ok: true; outputs: string[] }
  | { ok: false; body: { error: Reason; node_errors: Record<string, unknown> | [] } };

/** ComfyUI's validate_prompt, for the classes above. `uploaded` says whether an input file exists. */
export function checkPrompt(
  prompt: unknown,
  context: { checkpoints: string[]; uploaded: (name: string) => boolean },
): PromptCheck {
  const classes = nodeClasses(context.checkpoints);
  if (typeof prompt !== 'object' || prompt === null || Array.isArray(prompt)) {
    return refuse({
      type: 'invalid_prompt',
      message: 'Cannot execute because the prompt is not an object of nodes.',
      details: '',
      extra_info: {},
    });
  }
  const nodes = prompt as Record<string, PromptNode>;
  for (const [id, node] of Object.entries(nodes)) {
    if (typeof node?.class_type !== 'string') {
      return refuse({
        type: 'invalid_prompt',
        message: 'Cannot execute because a node is missing the class_type property.',
        details: `Node ID '#${id}'`,
        extra_info: {},
      });
    }
    if (!Object.hasOwn(classes, node.class_type)) {
      return refuse({
        type: 'invalid_prompt',
        message: `Cannot execute because node ${node.class_type} does not exist.`,
        details: `Node ID '#${id}'`,
        extra_info: {},
      });
    }
  }
  const outputs = Object.keys(nodes).filter((id) => classes[nodes[id].class_type].outputNode);
  if (outputs.length === 0) {
    return {
      ok: false,
      body: {
        error: { type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '', extra_info: {} },
        node_errors: [],
      },
    };
  }

  const validated = new Map<string, { valid: boolean; reasons: Reason[] }>();
  const validate = (id: string): { valid: boolean; reasons: Reason[] } => {
    const known = validated.get(id);
    if (known) return known;
    const node = nodes[id];
    const nodeClass = classes[node.class_type];
    const reasons: Reason[] = [];
    let valid = true;
    for (const [name, spec] of Object.entries(nodeClass.inputs)) {
      const { type, min, max } =
        typeof spec === 'object' && !Array.isArray(spec) ? spec : { type: spec, min: undefined, max: undefined };
      const config = [type, { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) }];
      if (!(name in (node.inputs ?? {}))) {
        reasons.push({
          type: 'required_input_missing',
          message: 'Required input is missing',
          details: name,
          extra_info: { input_name: name },
        });
        continue;
      }
      const value = node.inputs[name];
      if (Array.isArray(value)) {
        const [from, slot] = value as [unknown, unknown];
        if (value.length !== 2 || typeof slot !== 'number') {
          reasons.push({
            type: 'bad_linked_input',
            message: 'Bad linked input, must be a length-2 list of [node_id, slot_index]',
            details: name,
            extra_info: { input_name: name, input_config: config, received_value: value },
          });
          continue;
        }
        if (!Object.hasOwn(nodes, String(from))) {
          reasons.push({
            type: 'exception_during_inner_validation',
            message: 'Exception when validating inner node',
            details: `'${String(from)}'`,
            extra_info: {
              input_name: name,
              input_config: config,
              exception_message: `'${String(from)}'`,
              exception_type: 'KeyError',
              traceback: [],
              linked_node: value,
            },
          });
          continue;
        }
        const received = classes[nodes[String(from)].class_type].outputs[slot];
        if (received !== type) {
          reasons.push({
            type: 'return_type_mismatch',
            message: 'Return type mismatch between linked nodes',
            details: `${name}, ${received} != ${String(type)}`,
            extra_info: { input_name: name, input_config: config, received_type: received, linked_node: value },
          });
          continue;
        }
        if (!validate(String(from)).valid) valid = false;
        continue;
      }
      if (type === 'BOOLEAN' && typeof value !== 'boolean') {
        reasons.push(
          customFailure(name, `a BOOLEAN input takes true or false, not ${JSON.stringify(value)}`, config, value),
        );
        continue;
      }
      if (type === 'INT' || type === 'FLOAT') {
        if (typeof value !== 'number' || (type === 'INT' && !Number.isInteger(value))) {
          const python =
            type === 'INT'
              ? `invalid literal for int() with base 10: '${String(value)}'`
              : `could not convert string to float: '${String(value)}'`;
          reasons.push({
            type: 'invalid_input_type',
            message: `Failed to convert an input value to a ${type} value`,
            details: `${name}, ${String(value)}, ${python}`,
            extra_info: { input_name: name, input_config: config, received_value: value, exception_message: python },
          });
          continue;
        }
        if (min !== undefined && value < min) {
          reasons.push({
            type: 'value_smaller_than_min',
            message: `Value ${value} smaller than min of ${min}`,
            details: name,
            extra_info: { input_name: name, input_config: config, received_value: value },
          });
          continue;
        }
        if (max !== undefined && value > max) {
          reasons.push({
            type: 'value_bigger_than_max',
            message: `Value ${value} bigger than max of ${max}`,
            details: name,
            extra_info: { input_name: name, input_config: config, received_value: value },
          });
          continue;
        }
      }
      if (Array.isArray(type) && !type.includes(value as string | number)) {
        const list = `[${type.map((entry) => `'${entry}'`).join(', ')}]`;
        reasons.push({
          type: 'value_not_in_list',
          message: 'Value not in list',
          details: `${name}: '${String(value)}' not in ${list}`,
          extra_info: { input_name: name, input_config: config, received_value: value },
        });
        continue;
      }
      const placeholder = typeof value === 'string' ? /\{\{[^{}]*\}\}/.exec(value) : null;
      if (placeholder) {
        reasons.push(
          customFailure(name, `unreplaced placeholder ${placeholder[0]} (a check of the stand-in)`, config, value),
        );
        continue;
      }
      // LoadImage's own VALIDATE_INPUTS: the file must be in the input folder.
      if (node.class_type === 'LoadImage' && name === 'image' && !context.uploaded(String(value))) {
        reasons.push(customFailure(name, `Invalid image file: ${String(value)}`, config, value));
      }
    }
    const result = { valid: valid && reasons.length === 0, reasons };
    validated.set(id, result);
    return result;
  };

  const good: string[] = [];
  const outputErrors: Reason[] = [];
  const nodeErrors: Record<string, { errors: Reason[]; dependent_outputs: string[]; class_type: string }> = {};
  for (const output of outputs) {
    const { valid, reasons } = validate(output);
    if (valid) {
      good.push(output);
      continue;
    }
    outputErrors.push(...reasons);
    for (const [id, result] of validated) {
      if (result.valid || result.reasons.length === 0) continue;
      nodeErrors[id] ??= { errors: result.reasons, dependent_outputs: [], class_type: nodes[id].class_type };
      nodeErrors[id].dependent_outputs.push(output);
    }
  }
  if (good.length === 0) {
    const details = outputErrors.map((reason) => `${reason.message}: ${reason.details}`).join('\n');
    return {
      ok: false,
      body: {
        error: {
          type: 'prompt_outputs_failed_validation',
          message: 'Prompt outputs failed validation',
          details,
          extra_info: {},
        },
        node_errors: nodeErrors,
      },
    };
  }
  return { ok: true, outputs: good };
}

function refuse(error: Reason): PromptCheck {
  return { ok: false, body: { error, node_errors: {} } };
}

function customFailure(name: string, why: string, config: unknown, value: unknown): Reason {
  return {
    type: 'custom_validation_failed',
    message: 'Custom validation failed for node',
    details: `${name} - ${why}`,
    extra_info: { input_name: name, input_config: config, received_value: value },
  };
}

/** The nodes that run for these outputs, each after the nodes it takes inputs from. */
export function executionOrder(nodes: Record<string, PromptNode>, outputs: string[]): string[] {
  const order: string[] = [];
  const visit = (id: string) => {
    if (order.includes(id)) return;
    for (const value of Object.values(nodes[id].inputs)) {
      if (Array.isArray(value)) visit(String(value[0]));
    }
    order.push(id);
  };
  for (const output of outputs) visit(output);
  return order;
}

/** The LoadImage nodes upstream of a node: where its picture comes from. */
export function upstreamPhotos(nodes: Record<string, PromptNode>, id: string): string[] {
  const node = nodes[id];
  if (node.class_type === 'LoadImage') return [String(node.inputs.image)];
  return Object.values(node.inputs).flatMap((value) =>
    Array.isArray(value) ? upstreamPhotos(nodes, String(value[0])) : [],
  );
}
