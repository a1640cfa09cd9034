// Calls to the console's JSON API (/admin/api). Every answer comes back as data or as the
// server's sentence, with its field problems; a 401 ends the session in the app.
import { $account, say } from './state.ts';
import type { UploadLimits } from '../contract/upload-limits.ts';

export const API = '/admin/api';

export type FieldErrors = Record<string, string[]>;

export type Answer<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      error: string;
      fields: FieldErrors;
      body: Record<string, unknown>;
      retryAfter: number | null;
    };

const NETWORK = 'The booth did not answer. Check that it is running and try again.';

export async function call<T>(method: string, path: string, body?: unknown, raw?: Blob): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(`${API}${path}`, {
      method,
      credentials: 'same-origin',
      headers: raw ? {} : body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch {
    return { ok: false, status: 0, error: NETWORK, fields: {}, body: {}, retryAfter: null };
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T };
  const json = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  if (response.status === 401 && path !== '/session') {
    $account.set(null);
    say('Your session has ended. Please sign in again.');
  }
  const retry = Number(response.headers.get('Retry-After'));
  return {
    ok: false,
    status: response.status,
    error: typeof json.error === 'string' ? json.error : `The booth answered ${response.status}. Please try again.`,
    fields: (json.fields && typeof json.fields === 'object' ? json.fields : {}) as FieldErrors,
    body: json,
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : null,
  };
}

/** A route another part of the booth may not have yet: the server's catch-all 404. */
export const isMissingRoute = (answer: Answer<unknown>) =>
  !answer.ok && answer.status === 404 && /in the console's API/.test(answer.error);

export interface Account {
  username: string;
  role: 'operator' | 'tenant';
  tenant: string | null;
}

export interface Style {
  id: string;
  description: string;
  beta?: boolean;
}

/** A tenant as GET /admin/api/tenants answers it. */
export interface TenantView {
  slug: string;
  branding: Record<string, unknown> | null;
  resolved: Record<string, unknown> | null;
  problems: string[];
  warnings?: FieldErrors;
  /** Files the branding names that are not among the tenant's files, by field. */
  files?: FieldErrors;
}

/** The upload limits the booth enforces (GET /admin/api/uploads), asked once. */
let limits: Promise<UploadLimits | null> | null = null;
export function uploadLimits(): Promise<UploadLimits | null> {
  limits ??= call<UploadLimits>('GET', '/uploads').then((answer) => {
    if (!answer.ok) limits = null;
    return answer.ok ? answer.data : null;
  });
  return limits;
}

export type {
  EventFigures,
  EventResult as Result,
  JobCounts as Counts,
  PublishRun as Run,
  PublishState,
  StyleFigures,
} from '../contract/console-api.ts';

export const bundleUrl = (slug: string) => `${API}/tenants/${encodeURIComponent(slug)}/bundle.tar.gz`;
