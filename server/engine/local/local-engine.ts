// The default engine: restyles a selfie on the CPU, offline, in well under a second. Each job
// runs the fixed pipeline decode → find the person → frame → paint → encode (pipeline.ts).
import { existsSync } from 'node:fs';
import type { Engine, EngineResult, EngineStyle, RestyleInput } from '../engine.ts';
import { EngineError } from '../engine.ts';
import { ENGINE_MESSAGES } from './messages.ts';
import { loadModels, type FaceBox, type Models } from './models.ts';
import { decodePhoto } from './decode.ts';
import { findPerson, type Person } from './person.ts';
import { resolveSettings, type LocalEngineOptions, type LocalEngineSettings } from './settings.ts';
import { renderStyle } from './pipeline.ts';
import { LOCAL_STYLES, type LocalStyle } from './styles/catalog.ts';
import { warmUp } from './warm-up.ts';

/**
 * The photo is decoded at this multiple of the output size: a style crops to the person (often
 * two thirds of the photo), and the crop should still hold about as many pixels as it is given.
 */
const RENDER_HEADROOM = 1.5;

export class LocalEngine implements Engine {
  readonly name = 'local';
  readonly settings: LocalEngineSettings;
  #models: Models | null = null;
  #starting: Promise<void> | null = null;

  constructor(options: LocalEngineOptions = {}) {
    this.settings = resolveSettings(options);
  }

  styles(): EngineStyle[] {
    return LOCAL_STYLES.map(({ id, description, prompt, beta, thumbnail }) => ({
      id,
      description,
      prompt,
      beta,
      // A style whose thumbnail has not been made yet gets the site's default image.
      ...(thumbnail && existsSync(thumbnail) ? { thumbnail } : {}),
    }));
  }

  start(): Promise<void> {
    this.#starting ??= this.#load();
    return this.#starting;
  }

  async #load(): Promise<void> {
    const models = await loadModels(this.settings.minFaceConfidence);
    await warmUp(models, this.settings, this.#renderSize(), LOCAL_STYLES);
    this.#models = models;
  }

  async restyle(input: RestyleInput): Promise<EngineResult> {
    const style = this.#style(input.styleId);
    const models = await this.#ready();
    const { inferenceSize, outputSize, maxInputPixels } = this.settings;
    const photo = await decodePhoto(input.photo, this.#renderSize(), inferenceSize, maxInputPixels);
    const person = await findPerson(models, photo, this.settings);
    const image = await renderStyle(style, person, outputSize, input.scene, input.studio);
    return { images: [image], prompt: style.prompt };
  }

  /** Faces in an encoded image, for checks and tools: the same detector the styles frame with. */
  async detectFaces(photo: Uint8Array): Promise<FaceBox[]> {
    const models = await this.#ready();
    const { inference } = await decodePhoto(
      photo,
      this.settings.inferenceSize,
      this.settings.inferenceSize,
      this.settings.maxInputPixels,
    );
    return models.detectFaces(inference);
  }

  /** The person in an encoded image as the styles get it, for checks and tools; throws as a job would. */
  async findPerson(photo: Uint8Array): Promise<Person> {
    const models = await this.#ready();
    const { inferenceSize, maxInputPixels } = this.settings;
    return findPerson(
      models,
      await decodePhoto(photo, this.#renderSize(), inferenceSize, maxInputPixels),
      this.settings,
    );
  }

  async close(): Promise<void> {
    if (this.#starting) await this.#starting.catch(() => undefined);
    this.#models?.dispose();
    this.#models = null;
    this.#starting = null;
  }

  #renderSize(): number {
    return Math.round(this.settings.outputSize * RENDER_HEADROOM);
  }

  #style(styleId: string): LocalStyle {
    const style = LOCAL_STYLES.find((candidate) => candidate.id === styleId);
    if (!style) throw new EngineError(ENGINE_MESSAGES.unknownStyle);
    return style;
  }

  async #ready(): Promise<Models> {
    // A worker that skipped start() still works: the first job pays for the model load.
    await this.start();
    if (!this.#models) throw new EngineError(ENGINE_MESSAGES.notStarted);
    return this.#models;
  }
}
