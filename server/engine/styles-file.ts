// The styles the hub offers, in order: BOOTH_STYLES_FILE (JSON), or the six local styles when
// there is none. A local style named by id alone keeps its built-in description, prompt and
// thumbnail; a generative style names its provider ("engine") and that provider's options. A
// style whose provider has no credentials is left out, with one line saying which setting is
// missing. A generative style may name a fallback (another style of the file, generative or
// local) and the seconds after which a slow provider gives way to it. A bad file stops the start
// with one line naming the style and the field.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { STICKER_PROMPT_WORD } from '../../contract/index.ts';
import { StyleInputSchema } from '../../contract/style-input-schema.ts';
import { MAX_STYLE_INPUTS, placeholdersOf, type StyleInput } from '../../contract/style-inputs.ts';
import type { EngineStyle } from './engine.ts';
import { imageMimeOf } from '../files/media-types.ts';
import { LOCAL_STYLES } from './local/styles/catalog.ts';
import { OptionsError, PROVIDER_NAMES, type Provider, type ProviderName } from './remote/provider.ts';

export type StyleEngine = 'local' | ProviderName;

export interface StyleDefinition extends EngineStyle {
  engine: StyleEngine;
  /** The provider's options, parsed (remote styles only). */
  options: unknown;
  /** A generative picture cut out as a die-cut sticker on the CPU (local die-cut on the result). */
  sticker: boolean;
  /** The style that makes the picture when this one's provider fails, is skipped or is too slow. */
  fallback?: string;
  /** How long the provider has before the fallback runs instead (ms); without it, only a failure. */
  fallbackAfterMs?: number;
  /**
   * A scene style's own scene template (an absolute path): the provider receives it beside the
   * photo, unless the guest's tenant has a backdrop, which is sent in its place.
   */
  scene?: string;
  /** The guest's words the style asks for, each a {{name}} in its prompt or workflow (contract/style-inputs.ts). */
  inputs?: StyleInput[];
}

export class StylesFileError extends Error {
  override name = 'StylesFileError';
}

const StyleSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'use lowercase letters, digits and - (at most 63)'),
  description: z.string().trim().min(1).max(60).optional(),
  prompt: z.string().trim().min(1).max(2000).optional(),
  engine: z.enum(['local', ...PROVIDER_NAMES]),
  options: z.unknown().optional(),
  thumbnail: z.string().trim().min(1).optional(),
  sticker: z.boolean().optional(),
  beta: z.boolean().optional(),
  fallback: z.string().trim().min(1, 'name the id of another style of this file').optional(),
  scene: z.string().trim().min(1, "name the scene template's image file, relative to the styles file").optional(),
  fallbackAfterSeconds: z
    .number('give a number of seconds, e.g. 20')
    .gt(0, 'give a number of seconds above 0, e.g. 20')
    .max(3600, 'give at most 3600 seconds')
    .optional(),
  inputs: z.array(z.unknown()).min(1).max(MAX_STYLE_INPUTS, `give at most ${MAX_STYLE_INPUTS} inputs`).optional(),
});
const FileSchema = z.strictObject({ styles: z.array(z.unknown()).min(1, 'list at least one style') });

export interface LoadedStyles {
  styles: StyleDefinition[];
  /** One line each: a style left out, and why. */
  notices: string[];
}

const localDefinitions = (): StyleDefinition[] =>
  LOCAL_STYLES.map(({ id, description, prompt, beta, thumbnail }) => ({
    id,
    description,
    prompt,
    beta,
    thumbnail: thumbnail && fs.existsSync(thumbnail) ? thumbnail : undefined,
    engine: 'local',
    options: {},
    sticker: false,
  }));

/**
 * `providers` holds the providers whose credentials are set; `missing` says, for the others,
 * which setting would turn them on.
 */
export function loadStyles(
  file: string | undefined,
  providers: ReadonlyMap<ProviderName, Provider>,
  missing: Readonly<Record<ProviderName, string>>,
): LoadedStyles {
  if (!file) return { styles: localDefinitions(), notices: [] };
  const fail = (where: string, message: string) =>
    new StylesFileError(`Invalid styles file ${file}: ${where}${message}`);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw fail(
      '',
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'there is no such file'
        : `it is not JSON (${(error as Error).message})`,
    );
  }
  const top = FileSchema.safeParse(json);
  if (!top.success) throw fail('', `expected {"styles": [...]}: ${top.error.issues[0]!.message}`);
  const baseDir = path.dirname(path.resolve(file));
  const builtIn = new Map(localDefinitions().map((s) => [s.id, s]));
  const styles: StyleDefinition[] = [];
  const notices: string[] = [];
  const seen = new Set<string>();
  top.data.styles.forEach((raw, index) => {
    const named =
      typeof raw === 'object' && raw && 'id' in raw
        ? `style ${JSON.stringify((raw as { id: unknown }).id)}`
        : `style ${index + 1}`;
    const parsed = StyleSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw fail(`${named}, field ${issue.path.join('.') || '(the style)'}: `, issue.message);
    }
    const style = parsed.data;
    const where = (field: string) => `style "${style.id}", field ${field}: `;
    if (seen.has(style.id)) throw fail(where('id'), 'another style has this id');
    seen.add(style.id);
    const thumbnail = style.thumbnail ? path.resolve(baseDir, style.thumbnail) : undefined;
    if (thumbnail && !fs.existsSync(thumbnail)) throw fail(where('thumbnail'), `there is no file ${thumbnail}`);
    const scene = style.scene ? path.resolve(baseDir, style.scene) : undefined;
    if (scene) {
      const problem = sceneFileProblem(scene);
      if (problem) throw fail(where('scene'), problem);
      if (style.engine === 'local')
        throw fail(where('scene'), "a local style's scene is the tenant's backdrop; scene is for generative styles");
      if (style.sticker)
        throw fail(where('scene'), 'a sticker is cut out of its picture; a scene style fills its picture');
    }
    if (style.fallbackAfterSeconds !== undefined && !style.fallback)
      throw fail(where('fallbackAfterSeconds'), 'name the fallback style that runs after this time');
    if (style.engine === 'local') {
      if (style.inputs)
        throw fail(where('inputs'), "a local style's picture takes no words; inputs are for generative styles");
      if (style.fallback)
        throw fail(where('fallback'), 'a local style runs on the booth itself; a fallback is for generative styles');
      const local = builtIn.get(style.id);
      if (!local)
        throw fail(where('id'), `no local style has this id (local styles: ${[...builtIn.keys()].join(', ')})`);
      if (style.sticker) throw fail(where('sticker'), 'a local style is what it is; sticker is for generative styles');
      styles.push({
        ...local,
        description: style.description ?? local.description,
        prompt: style.prompt ?? local.prompt,
        beta: style.beta ?? local.beta,
        thumbnail: thumbnail ?? local.thumbnail,
      });
      return;
    }
    if (!style.description) throw fail(where('description'), 'a generative style needs the label the visitor reads');
    if (!style.prompt) throw fail(where('prompt'), 'a generative style needs the prompt its provider is given');
    // The site shows a style as a peelable sticker when its prompt says "sticker" (the spec's rule).
    if (style.sticker && !style.prompt.toLowerCase().includes(STICKER_PROMPT_WORD)) {
      throw fail(
        where('prompt'),
        `a sticker style's prompt must contain "${STICKER_PROMPT_WORD}", which is how the site knows to peel it`,
      );
    }
    const inputs = style.inputs
      ? inputsOf(style.inputs, style.prompt, (field, message) => fail(where(field), message))
      : undefined;
    const provider = providers.get(style.engine);
    if (!provider) {
      notices.push(`Style "${style.id}" is left out: its engine ${style.engine} needs ${missing[style.engine]}.`);
      return;
    }
    let options: unknown;
    try {
      options = provider.parseOptions(style.options ?? {}, {
        baseDir,
        scene: scene !== undefined,
        ...(inputs ? { inputNames: inputs.map((input) => input.name) } : {}),
      });
    } catch (error) {
      if (error instanceof OptionsError) throw fail(where(`options.${error.field}`), error.message);
      throw error;
    }
    styles.push({
      id: style.id,
      description: style.description,
      prompt: style.prompt,
      beta: style.beta ?? false,
      thumbnail,
      engine: style.engine,
      options,
      sticker: style.sticker ?? false,
      ...(style.fallback ? { fallback: style.fallback } : {}),
      ...(style.fallbackAfterSeconds ? { fallbackAfterMs: style.fallbackAfterSeconds * 1000 } : {}),
      ...(scene ? { scene } : {}),
      ...(inputs ? { inputs } : {}),
    });
  });
  checkFallbacks(styles, seen, notices, (id, message) => fail(`style "${id}", field fallback: `, message));
  if (styles.length === 0)
    notices.push('No style is left to offer: the styles file lists only styles whose engines are not set up.');
  return { styles, notices };
}

/** Why a scene template cannot be sent to a provider, or null: it must be a JPEG, PNG or WebP file. */
function sceneFileProblem(file: string): string | null {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      head = Buffer.alloc(16);
      fs.readSync(fd, head, 0, 16, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return `there is no file ${file}`;
  }
  return imageMimeOf(head) ? null : `${file} is not a JPEG, PNG or WebP image`;
}

/**
 * A style's inputs, each checked (contract/style-inputs.ts), named once, and used in its prompt; a
 * ComfyUI workflow may use them too, and its options' check says which placeholders it has.
 */
function inputsOf(raw: unknown[], prompt: string, fail: (field: string, message: string) => Error): StyleInput[] {
  const inputs: StyleInput[] = [];
  raw.forEach((value, index) => {
    const parsed = StyleInputSchema.safeParse(value);
    if (!parsed.success)
      throw fail(
        `inputs.${index}`,
        `give {"name", "label", "type": "text", "maxLength", "characters": "letters" or "words"} or {"name", "label", "type": "choice", "options": [...]}; a name is lowercase letters, digits and _ (${parsed.error.issues[0]!.path.join('.') || 'the input'}: ${parsed.error.issues[0]!.message})`,
      );
    if (inputs.some((input) => input.name === parsed.data.name))
      throw fail(`inputs.${index}.name`, 'another input of this style has this name');
    if (['photo', 'prompt', 'seed', 'scene'].includes(parsed.data.name))
      throw fail(`inputs.${index}.name`, `{{${parsed.data.name}}} is the booth's own placeholder`);
    inputs.push(parsed.data);
  });
  const named = new Set(placeholdersOf(prompt));
  for (const input of inputs)
    if (!named.has(input.name))
      throw fail('prompt', `it has no {{${input.name}}}, where the guest's ${input.label} goes`);
  return inputs;
}

/**
 * Each fallback names a style of the file, and following them never comes back to where it began.
 * A fallback whose style is left out (its provider not set up) is dropped, with a notice.
 */
function checkFallbacks(
  styles: StyleDefinition[],
  listed: ReadonlySet<string>,
  notices: string[],
  fail: (id: string, message: string) => Error,
) {
  const offered = new Map(styles.map((style) => [style.id, style]));
  for (const style of styles) {
    if (!style.fallback) continue;
    if (!listed.has(style.fallback))
      throw fail(style.id, `no style of this file has the id "${style.fallback}" (styles: ${[...listed].join(', ')})`);
    const path = [style.id];
    for (let next = offered.get(style.fallback); next; next = next.fallback ? offered.get(next.fallback) : undefined) {
      const again = path.includes(next.id);
      path.push(next.id);
      if (next.id === style.id) throw fail(style.id, `the fallbacks go round in a circle (${path.join(' → ')})`);
      // A circle that does not pass through this style is reported at one of its own.
      if (again) break;
    }
  }
  for (const style of styles) {
    if (!style.fallback || offered.has(style.fallback)) continue;
    notices.push(`Style "${style.id}" has no fallback: its fallback "${style.fallback}" is left out.`);
    delete style.fallback;
    delete style.fallbackAfterMs;
  }
}

/** A style's inputs by its id, as the AI hub asks for them (none for a style without). */
export function inputsOfStyles(styles: readonly StyleDefinition[]) {
  const byId = new Map(styles.flatMap((style) => (style.inputs?.length ? [[style.id, style.inputs] as const] : [])));
  return (styleId: string): readonly StyleInput[] | undefined => byId.get(styleId);
}
