// The AI hub: the styles list, job creation and job status, as the spec's call table has them.
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { CreateJobRequestSchema, JOB_STATUS, JOB_WAIT_MAX_SECONDS, isFinalStatus, previewsFor, type Style } from '../../contract/index.ts';
import { fail, limitBody, publicOrigin, readJson, sizeText } from '../http.ts';
import { UploadError, checkUpload } from '../jobs/upload-check.ts';
import { isExpired } from '../jobs/retention.ts';
import { log } from '../log.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { JobWaiters } from '../jobs/waiters.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobRecord, JobStore } from '../storage/jobs.ts';
import type { StyleStore } from '../storage/styles.ts';

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

export function aiHubHost(deps: AiHubDeps) {
  const app = new Hono();
  // Creates past the queue check and still reading their photo: counted with the runner's jobs,
  // or parallel uploads would all pass the check before any of them is submitted.
  let reserved = 0;

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
  const createJob = async (c: Context) => {
    const body = await readJson(c, { requireJsonType: true });
    if (!body.ok) return fail(c, body.status, body.error);
    const request = CreateJobRequestSchema.safeParse(body.value);
    if (!request.success) return fail(c, 400, 'Send {"style_id": ..., "image": "data:image/jpeg;base64,..."} as JSON.');
    const style = deps.styles.find(String(request.data.style_id));
    if (!style) return fail(c, 400, `There is no style ${JSON.stringify(request.data.style_id)}. Pick one of the listed styles.`);
    if (deps.runner.inFlight + reserved >= deps.queueLimit) {
      c.header('Retry-After', '30');
      return fail(c, 503, 'The booth is busy right now. Please try again in a minute.');
    }
    reserved++;
    try {
      let photo;
      try {
        photo = await checkUpload(request.data.image, deps.maxPixels);
      } catch (error) {
        if (error instanceof UploadError) return fail(c, 400, error.message);
        throw error;
      }
      const id = crypto.randomBytes(12).toString('base64url');
      const uploadPath = deps.files.saveUpload(id, photo.data, photo.extension);
      deps.jobs.create({ id, styleId: style.id, prompt: style.prompt, uploadPath });
      log(`job ${id} style=${style.id} ${JOB_STATUS.pending}`);
      deps.runner.submit(id);
      return c.json({ id }, 201);
    } finally {
      // The runner counts the job from submit() on; on a refusal or a crash the slot is free again.
      reserved--;
    }
  };
  app.post('/jobs/create/', limit, createJob);
  app.post('/jobs/create', limit, createJob);

  const getJob = async (c: Context) => {
    const id = c.req.param('id')!;
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
  };
  app.get('/jobs/:id/', getJob);
  app.get('/jobs/:id', getJob);
  return app;
}
