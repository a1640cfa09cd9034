// The styles the hub offers, in order: BOOTH_STYLES_FILE (JSON), or the six local styles when
// there is none. A local style named by id alone keeps its built-in description, prompt and
// thumbnail; a generative style names its provider ("engine") and that provider's options. A
// style whose provider has no credentials is left out, with one line saying which setting is
// missing. A bad file stops the start with one line naming the style and the field.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { STICKER_PROMPT_WORD } from '../../contract/index.ts';
import type { EngineStyle } from './engine.ts';
import { LOCAL_STYLES } from './local/styles/catalog.ts';
import { OptionsError, PROVIDER_NAMES, type Provider, type ProviderName } from './remote/provider.ts';

export type StyleEngine = 'local' | ProviderName;

export interface StyleDefinition extends EngineStyle {
  engine: StyleEngine;
  /** The provider's options, parsed (remote styles only). */
  options: unknown;
  /** A generative picture cut out as a die-cut sticker on the CPU (local die-cut on the result). */
  sticker: boolean;
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
    if (style.engine === 'local') {
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
    const provider = providers.get(style.engine);
    if (!provider) {
      notices.push(`Style "${style.id}" is left out: its engine ${style.engine} needs ${missing[style.engine]}.`);
      return;
    }
    let options: unknown;
    try {
      options = provider.parseOptions(style.options ?? {}, { baseDir });
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
    });
  });
  if (styles.length === 0)
    notices.push('No style is left to offer: the styles file lists only styles whose engines are not set up.');
  return { styles, notices };
}
