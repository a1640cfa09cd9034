// The AI hub: the styles list, job creation and job status, as the spec's call table has them.
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { CreateJobRequestSchema, JOB_STATUS, JOB_WAIT_MAX_SECONDS, isFinalStatus, previewsFor, quoted, type CreateJobRequest, type Style } from '../../contract/index.ts';
import { fail, jsonBody, limitBody, publicOrigin, sizeText, validJson } from '../http.ts';
import { QueueAdmission } from '../jobs/admission.ts';
import { isExpired } from '../jobs/retention.ts';
import { checkUpload, UploadError, type Photo } from '../jobs/upload-check.ts';
import { log } from '../log.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { JobWaiters } from '../jobs/waiters.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobRecord, JobStore } from '../storage/jobs.ts';
import type { StoredStyle, StyleStore } from '../storage/styles.ts';

export interface AiHubDeps {
  styles: StyleStore;
  jobs: JobStore;
  files: FileStore;
  runner: JobRunner;
  waiters: JobWaiters;
  publicUrl?: string;
  maxBodyBytes: number;
  maxPixels: number;
  queueLimit: number;
  retentionSeconds: number;
}

export const styleThumbnailPath = (id: string, thumbnail: string) => `/media/styles/${encodeURIComponent(id)}/thumbnail${thumbnail.match(/\.\w+$/)?.[0] ?? ''}`;
export const resultPath = (jobId: string, name: string) => `/media/results/${encodeURIComponent(jobId)}/${encodeURIComponent(name)}`;

function jobView(job: JobRecord, origin: string) {
  const previews = previewsFor(job.images, job.previews);
  return {
    id: job.id,
    images: job.images.map((name) => origin + resultPath(job.id, name)),
    ...(previews ? { previews: previews.map((name) => origin + resultPath(job.id, name)) } : {}),
    prompt: job.prompt,
    result: { status: job.status, message: job.message },
  };
}

// Creating a job, step by step: the body is parsed at the edge of the route (parseCreateJob), then
// the style is looked up, the queue admits the job, the photo is checked, and the job is stored.

const parseCreateJob = validJson(CreateJobRequestSchema, 'Send {"style_id": ..., "image": "data:image/jpeg;base64,..."} as JSON.');

/** The style the request names, or the sentence saying it is not offered. */
function requestedStyle(styles: StyleStore, request: CreateJobRequest): StoredStyle | string {
  return styles.find(String(request.style_id)) ?? `There is no style ${quoted(String(request.style_id))}. Pick one of the listed styles.`;
}

function busy(c: Context) {
  c.header('Retry-After', '30');
  return fail(c, 503, 'The booth is busy right now. Please try again in a minute.');
}

/** The photo, or the sentence saying why it was refused. */
async function checkedPhoto(dataUrl: string, maxPixels: number): Promise<Photo | string> {
  try {
    return await checkUpload(dataUrl, maxPixels);
  } catch (error) {
    if (error instanceof UploadError) return error.message;
    throw error;
  }
}

/** Saves the photo, records the job PENDING and hands it to the runner; returns its id. */
function storeJob(deps: AiHubDeps, style: StoredStyle, photo: Photo): string {
  const id = crypto.randomBytes(12).toString('base64url');
  const uploadPath = deps.files.saveUpload(id, photo.data, photo.extension);
  deps.jobs.create({ id, styleId: style.id, prompt: style.prompt, uploadPath });
  log(`job ${id} style=${style.id} ${JOB_STATUS.pending}`);
  deps.runner.submit(id);
  return id;
}

export function aiHubHost(deps: AiHubDeps) {
  const app = new Hono();
  const queue = new QueueAdmission(deps.runner, deps.queueLimit);

  app.get('/styles', (c) => {
    const origin = publicOrigin(c, deps.publicUrl);
    return c.json(deps.styles.active().map((s): Style => ({
      id: s.id,
      description: s.description,
      thumbnail: s.thumbnailPath ? origin + styleThumbnailPath(s.id, s.thumbnailPath) : null,
      beta: s.beta,
    })));
  });

  const limit = limitBody(deps.maxBodyBytes, `The photo is too large to send; the limit is ${sizeText(deps.maxBodyBytes)}.`);
  app.post('/jobs/create', limit, jsonBody({ requireJsonType: true }), parseCreateJob, async (c) => {
    const request = c.req.valid('json');
    const style = requestedStyle(deps.styles, request);
    if (typeof style === 'string') return fail(c, 400, style);
    const place = queue.admit();
    if (!place) return busy(c);
    try {
      const photo = await checkedPhoto(request.image, deps.maxPixels);
      if (typeof photo === 'string') return fail(c, 400, photo);
      return c.json({ id: storeJob(deps, style, photo) }, 201);
    } finally {
      // The runner counts the job from submit() on; on a refusal or a crash the place is free again.
      place.release();
    }
  });

  app.get('/jobs/:id', async (c) => {
    const id = c.req.param('id');
    const waitParam = c.req.query('wait');
    const waitSeconds = waitParam === undefined || waitParam === '' ? 0 : Number(waitParam);
    if (!Number.isFinite(waitSeconds) || waitSeconds < 0) return fail(c, 400, `wait must be a number of seconds from 0 to ${JOB_WAIT_MAX_SECONDS}.`);
    let job = deps.jobs.get(id);
    if (job && waitSeconds > 0 && !isFinalStatus(job.status)) {
      await deps.waiters.wait(id, Math.min(waitSeconds, JOB_WAIT_MAX_SECONDS) * 1000, c.req.raw.signal);
      job = deps.jobs.get(id);
    }
    if (!job || isExpired(job, deps.retentionSeconds)) return fail(c, 404, 'There is no such job. Results are kept for a limited time; please take another photo.');
    c.header('Cache-Control', 'no-store');
    return c.json(jobView(job, publicOrigin(c, deps.publicUrl)));
  });
  return app;
}
