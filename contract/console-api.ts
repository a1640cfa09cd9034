// What the operator console's API answers for publishing and for the event at a glance: the
// server makes these, the console app, the ops CLI and the tests read them. Types only.

/** A publish run: POST /admin/api/publish, GET /admin/api/publish/{id}. */
export interface PublishRun {
  id: string;
  status: 'running' | 'succeeded' | 'failed';
  tenants: string[] | 'all';
  startedAt: string;
  finishedAt: string | null;
  progress: { done: number; total: number; step: string };
  /** The build's problems, one sentence each. */
  problems: string[];
  /** The build's own sentence when it failed. */
  error: string | null;
}

/** GET /admin/api/publish. */
export interface PublishState {
  /** Tenants changed since the last build (a tenant account: its own only). */
  changed: string[];
  /**
   * Tenants deleted since the last build (operators only): their pages stopped being served when
   * they were deleted; publishing drops them from the site data and the host's rules.
   */
  removed: string[];
  running: PublishRun | null;
  last: PublishRun | null;
}

/**
 * Jobs created in a window, and how many of them have completed or failed so far. A job deleted
 * from the console (a guest's deletion request) still counts, and is counted in `deleted` too.
 */
export interface JobCounts {
  created: number;
  completed: number;
  failed: number;
  deleted: number;
}

/** GET /admin/api/tenants/{slug}/events. */
export interface EventFigures {
  tenant: string;
  lastHour: JobCounts;
  today: JobCounts;
  turnaroundMs: { p50: number | null; p95: number | null };
  errors: { message: string; count: number }[];
  /** The whole booth's queue, not the tenant's. */
  queue: { waiting: number; running: number; workers: number };
  /** Today's figures of each style the tenant's guests used, most jobs first (absent from a booth before them). */
  styles?: StyleFigures[];
}

/** One style's figures of a tenant's day, on the console's event page. */
export interface StyleFigures {
  /** The style's id. */
  style: string;
  /** Its jobs created today (a job deleted from the console is not among them: its style is not kept). */
  jobs: number;
  /** Pictures its completed jobs made (several per guest: each counts). */
  pictures: number;
  failed: number;
  /** Completed jobs whose pictures the style's fallback made (its provider slow, failing or skipped). */
  fallbacks: number;
  /** Created → finished of its completed jobs. */
  turnaroundMs: { p50: number | null; p95: number | null };
}

/** One of today's results: GET /admin/api/tenants/{slug}/results → { results: EventResult[] }. */
export interface EventResult {
  id: string;
  style: string;
  finishedAt: string;
  previewUrl: string | null;
  imageUrls: string[];
}
