// The AI hub: the styles list, job creation and job status, as the spec's call table has them.
import { Hono, type Context } from 'hono';
import {
  JOB_WAIT_MAX_SECONDS,
  VISITOR_HEADER,
  isFinalStatus,
  quoted,
  type Style,
  type VisitorTokenResponse,
} from '../../contract/index.ts';
import { clientAddress } from '../limits/client-address.ts';
import { fail, guestSentence, guestSentences, limitBody, MAX_JSON_BODY_BYTES, publicOrigin, sizeText } from './http.ts';
import { GUEST_TEXT } from '../../contract/i18n/en.ts';
import { QueueAdmission } from '../intake/admission.ts';
import type { JobBackend, StyleCatalog } from '../jobs/job-backend.ts';
import { withBackdrop, type BrandFrames } from '../brand/frames.ts';
import { backdropProblem } from '../../contract/backdrops.ts';
import { tenantProblem } from '../brand/job-frame.ts';
import { checkHeader, checkPixels, UploadError, type Photo } from '../intake/upload-check.ts';
import type { UploadReaders } from '../intake/upload-readers.ts';
import { FairLimiter, LimiterFullError } from '../limits/fair-limiter.ts';
import { VenueLimits, type Venues } from '../limits/venue-limits.ts';
import type { VisitorTokens } from '../limits/visitor-tokens.ts';
import {
  inputsProblems,
  promptCaption,
  tidyValue,
  type RefusedWords,
  type StyleInput,
} from '../../contract/style-inputs.ts';

export interface AiHubDeps {
  styles: StyleCatalog;
  /** The embedded default's (SQLite, this process) or the scale-out path's (Redis, S3). */
  jobs: JobBackend;
  publicUrl?: string;
  maxBodyBytes: number;
  maxPixels: number;
  queueLimit: number;
  limits: CreateLimits;
  /** Where a job's tenant is looked up for its brand frame, and the slug kept with the job (brand/frames.ts); none: no frames. */
  frames?: BrandFrames;
  /** How long a job's results are kept, by its tenant (brand/tenant-branding.ts); none: the booth's own. */
  resultSeconds?: (tenant: string | null) => number | null | Promise<number | null>;
  /** The words a style asks its guest for (contract/style-inputs.ts); none: no style asks. */
  inputsOf?: (styleId: string) => readonly StyleInput[] | undefined;
  /** A tenant's refused words and its sentence (brand/tenant-branding.ts; an API node's from Redis); none: no list. */
  refusedWords?: (tenant: string | null) => RefusedWords | null | Promise<RefusedWords | null>;
}

/** What one client, and all of them together, may ask of job creation at once (server/README.md). */
export interface CreateLimits {
  trustedProxies: ReadonlySet<string>;
  /** Jobs of one visitor (a token, or an address without one) in flight, and new jobs per visitor per minute. */
  clientJobs: number;
  clientJobsPerMinute: number;
  /** The same for every visitor of one address together (a venue), and visitor tokens given to one address a minute. */
  addressJobs: number;
  addressJobsPerMinute: number;
  visitorsPerMinute: number;
  /** Signs and checks visitor tokens (X-Booth-Visitor). */
  visitors: VisitorTokens;
  /** Where visitors and addresses are counted: in Redis for every API node together; this process's memory without. */
  venues?: Venues;
  /** Large bodies (over SMALL_BODY_BYTES) read at once, and photos decoded at once (one per client at a time). */
  bodyReads: number;
  photoChecks: number;
  /** A photo with a longer side is stored downscaled to it. */
  storedLongSide: number;
  readers: UploadReaders;
}

export const styleThumbnailPath = (id: string, thumbnail: string) =>
  `/media/styles/${encodeURIComponent(id)}/thumbnail${thumbnail.match(/\.\w+$/)?.[0] ?? ''}`;

// Creating a job, step by step, each step cheap before the next costs more: the client's own
// limits (before a byte of the body is read), the queue, the body read in its turn (a few at a
// time) and parsed off the event loop, the style, the photo's header, then its pixels in the
// client's turn. Nothing here lets one client hold more than its share.

function refuse(c: Context, status: 429 | 503, retryAfterSeconds: number, message: string) {
  c.header('Retry-After', String(retryAfterSeconds));
  // The body may be unread: this connection cannot carry another request.
  c.header('Connection', 'close');
  return fail(c, status, message);
}

/** A body of at most this many bytes (said by its Content-Length) takes the small bodies' lane. */
export const SMALL_BODY_BYTES = 1024 * 1024;
/** Small bodies read at once: each is quick, and together they hold a few MB. */
const SMALL_BODY_READS = 8;

const busy = (c: Context) => refuse(c, 503, 30, GUEST_TEXT.busy);

export function aiHubHost(deps: AiHubDeps) {
  const app = new Hono();
  const queue = new QueueAdmission(deps.jobs, deps.queueLimit);
  const { limits } = deps;
  const venues: Venues =
    limits.venues ??
    new VenueLimits({
      visitorJobs: limits.clientJobs,
      visitorJobsPerMinute: limits.clientJobsPerMinute,
      addressJobs: limits.addressJobs,
      addressJobsPerMinute: limits.addressJobsPerMinute,
      visitorsPerMinute: limits.visitorsPerMinute,
    });
  // Bodies wait for their turn unread, so a hundred uploads at once hold sockets, not memory.
  // Two lanes: a photo from the booth's camera (a few hundred KB) never waits behind large
  // uploads, however many clients send those.
  const largeReads = new FairLimiter({ concurrency: deps.limits.bodyReads, perClient: 1, maxWaiting: deps.queueLimit });
  const smallReads = new FairLimiter({ concurrency: SMALL_BODY_READS, perClient: 1, maxWaiting: deps.queueLimit });
  // Decoding is the costly part of a check: a client's photos are decoded one at a time.
  const photoChecks = new FairLimiter({
    concurrency: deps.limits.photoChecks,
    perClient: 1,
    maxWaiting: deps.queueLimit,
  });
  const photoLimits = { maxPixels: deps.maxPixels, storedLongSide: deps.limits.storedLongSide };

  app.get('/styles', (c) => {
    const origin = publicOrigin(c, deps.publicUrl);
    return c.json(
      deps.styles.active().map(
        (s): Style => ({
          id: s.id,
          description: s.description,
          thumbnail: s.thumbnailPath ? origin + styleThumbnailPath(s.id, s.thumbnailPath) : null,
          beta: s.beta,
          ...(deps.inputsOf?.(s.id)?.length ? { inputs: [...deps.inputsOf(s.id)!] } : {}),
        }),
      ),
    );
  });

  // A browser asks once per visit (no body needed) and sends the token back on each create.
  app.post(
    '/visitors',
    limitBody(MAX_JSON_BODY_BYTES, `The request is too large; the limit is ${sizeText(MAX_JSON_BODY_BYTES)}.`),
    async (c) => {
      const minted = await venues.mint(clientAddress(c, limits.trustedProxies));
      if (!minted.ok) return refuse(c, 429, minted.retryAfterSeconds, minted.message);
      c.header('Cache-Control', 'no-store');
      return c.json({ token: await limits.visitors.mint() } satisfies VisitorTokenResponse);
    },
  );

  const limit = limitBody(
    deps.maxBodyBytes,
    `The photo is too large to send; the limit is ${sizeText(deps.maxBodyBytes)}.`,
  );
  app.post('/jobs/create', limit, async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json')
      return fail(c, 415, 'Send the request body as JSON (Content-Type: application/json).');
    const token = c.req.header(VISITOR_HEADER);
    let visitor: string | undefined;
    if (token !== undefined) {
      const checked = await limits.visitors.check(token);
      // Its body unread: lingerOnRefusal (server/limits/linger.ts) lets the client finish sending.
      if (!checked.ok) return fail(c, 401, checked.error);
      visitor = checked.visitor;
    }
    const admission = await venues.admit(clientAddress(c, limits.trustedProxies), visitor);
    if (!admission.ok) return refuse(c, 429, admission.retryAfterSeconds, admission.message);
    // The key the work is queued under: the visitor at its address, so turns are taken per venue, then per guest.
    const { client } = admission;
    // Released when the job ends, or at once when it is refused.
    let release = admission.release;
    const place = queue.admit();
    try {
      if (!place) return busy(c);
      let upload;
      try {
        // The turn lasts until the body is parsed: a body read is held in memory until then.
        const length = Number(c.req.header('content-length'));
        const small = length > 0 && length <= SMALL_BODY_BYTES;
        const read = async () =>
          deps.limits.readers.read(new Uint8Array(await c.req.arrayBuffer()), small ? 'small' : 'large');
        upload = await (small ? smallReads : largeReads).run(client, read, c.req.raw.signal);
      } catch (error) {
        if (error instanceof LimiterFullError) return busy(c);
        throw error;
      }
      if (!upload.ok) return fail(c, upload.status, upload.error);
      const style = deps.styles.find(upload.styleId);
      if (!style) return fail(c, 400, `There is no style ${quoted(upload.styleId)}. Pick one of the listed styles.`);
      // A malformed slug is the caller's mistake, said plainly; an unknown one is a tenant without a frame.
      const badTenant = tenantProblem(upload.tenant);
      if (badTenant) return fail(c, 400, badTenant);
      const badBackdrop = backdropProblem(upload.backdrop);
      if (badBackdrop) return fail(c, 400, badBackdrop);
      const tenant = deps.frames?.tenantOf(upload.tenant) ?? null;
      // The guest's words, checked again here (the styles screen checks them as they are typed),
      // with the tenant's refused words; each problem by the input it is about.
      const inputs = deps.inputsOf?.(style.id) ?? [];
      // A style without inputs asks nothing of the tenant's list (on an API node, one Redis read fewer).
      const refused = inputs.length ? ((await deps.refusedWords?.(tenant)) ?? undefined) : undefined;
      const problems = inputsProblems(inputs, upload.inputs, refused);
      const firstProblem = Object.values(problems)[0];
      if (firstProblem) {
        return fail(c, 400, firstProblem, { inputs: guestSentences(c, problems) });
      }
      const words = inputs.length
        ? Object.fromEntries(
            inputs.map((input) => [
              input.name,
              tidyValue(String((upload.inputs as Record<string, unknown>)[input.name])),
            ]),
          )
        : undefined;
      const sent = upload.photo;
      if ('error' in sent) return fail(c, 400, sent.error);
      let photo: Photo;
      try {
        const size = await checkHeader(sent.data, sent.extension, deps.maxPixels);
        photo = await photoChecks.run(
          client,
          () => checkPixels(sent.data, sent.extension, size, photoLimits),
          c.req.raw.signal,
        );
      } catch (error) {
        if (error instanceof UploadError) return fail(c, 400, error.message);
        if (error instanceof LimiterFullError) return busy(c);
        throw error;
      }
      // A job without a tenant asks nothing of anybody.
      // One backdrop of the tenant's is the job's: the one picked, or the first when it is no longer offered.
      const frame =
        upload.tenant === undefined || !deps.frames
          ? null
          : withBackdrop(await deps.frames.frameOf(upload.tenant), upload.backdrop as number | undefined);
      const retentionSeconds = (await deps.resultSeconds?.(tenant)) ?? null;
      const job = await deps.jobs.create({
        // Its caption names each input by its label: the guest's words are not kept with the job.
        style: words ? { ...style, prompt: promptCaption(style.prompt, inputs) } : style,
        photo,
        client,
        frame,
        tenant,
        retentionSeconds,
        ...(words ? { words } : {}),
      });
      void job.ended.finally(admission.release);
      release = () => {};
      return c.json({ id: job.id }, 201);
    } finally {
      // The backend counts the job from create() on; on a refusal or a crash the place is free again.
      place?.release();
      release();
    }
  });

  app.get('/jobs/:id', async (c) => {
    const id = c.req.param('id');
    const waitParam = c.req.query('wait');
    const waitSeconds = waitParam === undefined || waitParam === '' ? 0 : Number(waitParam);
    if (!Number.isFinite(waitSeconds) || waitSeconds < 0)
      return fail(c, 400, `wait must be a number of seconds from 0 to ${JOB_WAIT_MAX_SECONDS}.`);
    const origin = publicOrigin(c, deps.publicUrl);
    let job = await deps.jobs.view(id, origin);
    if (job && waitSeconds > 0 && !isFinalStatus(job.result.status)) {
      await deps.jobs.wait(id, Math.min(waitSeconds, JOB_WAIT_MAX_SECONDS) * 1000, c.req.raw.signal);
      job = await deps.jobs.view(id, origin);
    }
    if (!job) return fail(c, 404, GUEST_TEXT.noSuchJob);
    c.header('Cache-Control', 'no-store');
    // A job's error is told in the language of the page that asks (the engine writes it in English).
    const message = job.result.message;
    return c.json(message ? { ...job, result: { ...job.result, message: guestSentence(c, message) } } : job);
  });
  return app;
}
