// POST {ai host}/transformations/jobs/create/  body {style_id, image, tenant?, backdrop?, inputs?} -> {id}
// GET  {ai host}/transformations/jobs/{jobId}/ -> {images, prompt, result: {status, message}}
//      (+ optional previews: display copies of images; optional captions: one per image)
// zod/mini: the same schemas in a fraction of the bytes the browser would otherwise download.
import { z } from 'zod/mini';
import { JOB_WAIT_MAX_SECONDS } from './constants.ts';
import { StyleIdSchema } from './styles.ts';

export const CREATE_JOB_PATH = '/transformations/jobs/create/';
/** `wait` (seconds, at most JOB_WAIT_MAX_SECONDS): hold the answer until the job ends. */
export const jobPath = (jobId: string | number, waitSeconds?: number) =>
  `/transformations/jobs/${encodeURIComponent(String(jobId))}/` +
  (waitSeconds ? `?wait=${Math.min(waitSeconds, JOB_WAIT_MAX_SECONDS)}` : '');

export const JobIdSchema = z.union([z.string().check(z.minLength(1)), z.int()]);

export const CreateJobRequestSchema = z.object({
  style_id: StyleIdSchema,
  /** The photo as a data URL (data:image/jpeg;base64,...). */
  image: z.string().check(z.minLength(1, 'image is required')),
  /**
   * The tenant whose booth sent the photo (its slug). Not in the spec's call: a compatible
   * addition, optional, so a client that sends only {style_id, image} is served as before. The
   * embedded AI hub puts that tenant's brand frame or logo mark on the result, and stores the
   * slug with the job so the operator console counts and lists it under that tenant; a missing or
   * unknown tenant means a result without a frame, in no tenant's view. Any string passes here: the hub says what is
   * wrong with a slug that breaks the slug rule (contract/slug.ts).
   */
  tenant: z.optional(z.string()),
  /**
   * Which of the tenant's backdrops a branded-scene job is placed into: its place in the tenant's
   * list (contract/backdrops.ts), 0 for the first. Optional, like tenant; any value passes here so
   * the hub can say what is wrong with it.
   */
  backdrop: z.optional(z.unknown()),
  /**
   * The guest's words for a style that asks for them (contract/style-inputs.ts): each input's name
   * and value. Optional, like tenant; any value passes here so the hub can say what is wrong with it.
   */
  inputs: z.optional(z.unknown()),
});
export type CreateJobRequest = z.infer<typeof CreateJobRequestSchema>;

export const CreateJobResponseSchema = z.looseObject({ id: JobIdSchema });

/** A field an AI host may leave out or send as null: read as `fallback`. */
const orEmpty = <T, F>(schema: z.ZodMiniType<T>, fallback: F) =>
  z.pipe(
    z.nullish(schema),
    z.transform((v: T | null | undefined) => v ?? fallback),
  );

export const JobSchema = z.looseObject({
  id: z.optional(JobIdSchema),
  images: orEmpty(z.array(z.string()), []),
  /** Display copies of `images` (same order, absolute URLs), smaller to show on screen; the link,
   *  Download and Share use `images`. Optional: an AI host may not make them. */
  previews: orEmpty(z.array(z.string()), undefined),
  /** Each image's caption (same order), when a job made several pictures from one photo (a tenant's
   *  picturesPerGuest): a compatible addition; without it every image's caption is the prompt. */
  captions: orEmpty(z.array(z.string()), undefined),
  prompt: orEmpty(z.string(), ''),
  result: z.pipe(
    z.nullish(z.looseObject({ status: z.nullish(z.string()), message: z.nullish(z.string()) })),
    z.transform((r) => ({ status: r?.status ?? '', message: r?.message ?? '' })),
  ),
});
export type Job = z.infer<typeof JobSchema>;
