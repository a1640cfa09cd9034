// The browser's client of the AI hub: styles, create job, get job. Every answer is parsed with
// the contract's schemas. Whatever goes wrong ends as an AiHubError whose words a visitor can
// act on, so a screen shows the root error view instead of spinning for ever.
import {
  CREATE_JOB_PATH,
  CreateJobResponseSchema,
  EmailResponseSchema,
  ErrorBodySchema,
  LeadResponseSchema,
  leadPath,
  type LeadRequest,
  JobSchema,
  STYLES_PATH,
  StylesResponseSchema,
  VISITOR_HEADER,
  emailPath,
  jobPath,
  type EmailRequest,
  type Job,
  type Style,
  type StyleId,
} from '../../contract/index.ts';
import type { z } from 'zod/mini';
import { languageHeader } from './page-language.ts';
import { AiHubError, SERVER_TROUBLE_MESSAGE, UNREACHABLE_MESSAGE } from './ai-hub-error.ts';
import { visitorPass } from './visitor-pass.ts';

export { AiHubError, SERVER_TROUBLE_MESSAGE, UNREACHABLE_MESSAGE, errorHeading } from './ai-hub-error.ts';

/** A call gives up this long after any server-side wait it asked for. */
export const REQUEST_TIMEOUT_MS = 15_000;

type Fetch = typeof fetch;

export interface AiHub {
  styles(): Promise<Style[]>;
  /** `tenant`: the booth's slug, so the AI hub can put the tenant's brand frame on the result. */
  /** `backdrop`: which of the tenant's backdrops a branded-scene job is placed into (contract/backdrops.ts). */
  /** `inputs`: the guest's words for a style that asks for them (contract/style-inputs.ts). */
  createJob(
    styleId: StyleId,
    image: string,
    tenant?: string,
    backdrop?: number,
    inputs?: Record<string, string>,
  ): Promise<{ id: string | number }>;
  /** `started`: the same request, already sent (the results page's inline script). */
  job(jobId: string, waitSeconds?: number, started?: Promise<Response>): Promise<Job>;
  /** "Email me my picture" (contract/delivery.ts): queued by the hub; rejects with its sentence. */
  emailPicture(jobId: string, address: string): Promise<void>;
  /** A guest's opt-in lead for the tenant (contract/leads.ts); rejects with the hub's sentence. */
  sendLead(tenant: string, lead: LeadRequest): Promise<void>;
}

/** The sentences of a refusal's `inputs` ({name: sentence}), when it has them. */
function fieldsOf(body: unknown): Record<string, string> {
  const inputs = (body as { inputs?: unknown } | null)?.inputs;
  if (typeof inputs !== 'object' || inputs === null) return {};
  return Object.fromEntries(
    Object.entries(inputs).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

export function createAiHub(aiHost: string, fetchImpl: Fetch = (...args) => fetch(...args)): AiHub {
  const base = aiHost.replace(/\/+$/, '');
  const visitor = visitorPass(base, fetchImpl, REQUEST_TIMEOUT_MS);

  async function call<T>(
    path: string,
    schema: z.ZodMiniType<T>,
    init: RequestInit = {},
    waitSeconds = 0,
    started?: Promise<Response>,
  ): Promise<T> {
    let response: Response;
    try {
      response = await (started ??
        fetchImpl(base + path, {
          ...init,
          headers: { ...(init.headers as Record<string, string> | undefined), ...languageHeader() },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS + waitSeconds * 1000),
        }));
    } catch {
      throw new AiHubError(UNREACHABLE_MESSAGE);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      // The server's own sentence ({error}) when it gave one: "busy, try again in a minute" is
      // worth more than a guess. Without one, a 4xx shows its status text, a 5xx a plain apology.
      const sentence = ErrorBodySchema.safeParse(body);
      if (sentence.success)
        throw new AiHubError(sentence.data.error, response.status, sentence.data.error, fieldsOf(body));
      if (response.status >= 500) throw new AiHubError(SERVER_TROUBLE_MESSAGE, response.status);
      const text = response.statusText || `Error ${response.status}`;
      throw new AiHubError(text, response.status, text);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new AiHubError(SERVER_TROUBLE_MESSAGE, response.status);
    return parsed.data;
  }

  /**
   * A POST of `body` as this visitor (its token in X-Booth-Visitor). When the hub refuses the
   * token (401: the visit outlived it, or the hub's secret changed), a new one is asked for and
   * the call sent once more, so a guest never reads "reload the page" for a long event day.
   */
  async function postAsVisitor<T>(path: string, schema: z.ZodMiniType<T>, body: unknown, retried = false): Promise<T> {
    const token = await visitor.token();
    try {
      return await call(path, schema, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { [VISITOR_HEADER]: token } : {}) },
        body: JSON.stringify(body),
      });
    } catch (error) {
      if (!token || retried || !(error instanceof AiHubError) || error.status !== 401) throw error;
      visitor.forget();
      return postAsVisitor(path, schema, body, true);
    }
  }

  return {
    styles: () => {
      const styles = call(STYLES_PATH, StylesResponseSchema);
      // Asked while the visitor looks at the styles, so the create does not wait for it.
      void visitor.token();
      return styles;
    },
    createJob: (styleId, image, tenant, backdrop, inputs) =>
      postAsVisitor(CREATE_JOB_PATH, CreateJobResponseSchema, { style_id: styleId, image, tenant, backdrop, inputs }),
    job: (jobId, waitSeconds = 0, started) => call(jobPath(jobId, waitSeconds), JobSchema, {}, waitSeconds, started),
    emailPicture: async (jobId, address) => {
      await postAsVisitor(emailPath(jobId), EmailResponseSchema, { address } satisfies EmailRequest);
    },
    sendLead: async (tenant, lead) => {
      await postAsVisitor(leadPath(tenant), LeadResponseSchema, lead);
    },
  };
}
