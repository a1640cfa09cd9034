// The AI hub as every process that answers it composes it: the embedded default (booth.ts) and an
// API node (api-node.ts) give it their own job store, styles and brand frames.
import type { BrandFrames } from '../brand/frames.ts';
import type { AiHubDeps } from '../hosts/ai-hub.ts';
import type { UploadReaders } from '../intake/upload-readers.ts';
import type { JobBackend, StyleCatalog } from '../jobs/job-backend.ts';
import type { Venues } from '../limits/venue-limits.ts';
import type { VisitorTokens } from '../limits/visitor-tokens.ts';
import type { Settings } from '../process/settings.ts';

/** Threads that parse create-job bodies: one for small bodies, one for large ones. */
export const UPLOAD_READER_THREADS = 2;
/** Photos are kept whole up to this long side (the default engine decodes at 1536). */
const STORED_LONG_SIDE = 3072;

/** The AI hub of any process that answers it: the embedded default, or an API node. */
export function aiHubOf(
  settings: Settings,
  styles: StyleCatalog,
  jobs: JobBackend,
  readers: UploadReaders,
  visitors: VisitorTokens,
  frames?: BrandFrames,
  venues?: Venues,
): AiHubDeps {
  return {
    ...(frames ? { frames } : {}),
    styles,
    jobs,
    publicUrl: settings.publicUrl,
    maxBodyBytes: settings.maxBodyBytes,
    maxPixels: settings.maxPixels,
    queueLimit: settings.queueLimit,
    limits: {
      trustedProxies: settings.trustedProxies,
      clientJobs: settings.clientJobs,
      clientJobsPerMinute: settings.clientJobsPerMinute,
      addressJobs: settings.addressJobs,
      addressJobsPerMinute: settings.addressJobsPerMinute,
      visitorsPerMinute: settings.visitorsPerMinute,
      visitors,
      ...(venues ? { venues } : {}),
      bodyReads: settings.bodyReads,
      photoChecks: settings.photoChecks,
      // The engine decodes at 1.5 times its output size (local-engine.ts); twice that is plenty.
      storedLongSide: Math.max(STORED_LONG_SIDE, 3 * (settings.engineOptions.outputSize ?? 1024)),
      readers,
    },
  };
}
