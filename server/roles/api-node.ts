// An API node of a scale-out deployment (role.ts): the AI hub on Redis and S3, no engine, no site,
// nothing kept on its own disk, so any of them can die and another takes over.
import { createApp } from '../hosts/app.ts';
import { UploadReaders } from '../intake/upload-readers.ts';
import { VisitorTokens, visitorKey } from '../limits/visitor-tokens.ts';
import { offeredStyles, styleCatalog } from '../run/engines.ts';
import { inputsOfStyles } from '../engine/styles-file.ts';
import type { ScaleSettings } from '../scale/settings.ts';
import type { Settings } from '../process/settings.ts';
import { aiHubOf, UPLOAD_READER_THREADS } from './ai-hub.ts';
import type { RoleProcess } from './role.ts';
import { startScalePath } from './scale-path.ts';
import { startScaleWall } from '../scale/scale-wall.ts';
import { startScaleDelivery } from '../scale/scale-delivery.ts';
import { startTenantWords } from '../scale/tenant-words.ts';
import { log } from '../process/log.ts';

export function startApiNode(settings: Settings, scale: ScaleSettings): RoleProcess {
  const offered = offeredStyles(settings);
  const styles = styleCatalog(offered.styles);
  const path = startScalePath(settings, scale, { api: true });
  const readers = new UploadReaders(UPLOAD_READER_THREADS, settings.maxBodyBytes);
  // Every API node must check the tokens any other signed: the secret set, else one kept in Redis.
  const configured = settings.visitorSecret ?? settings.jwtSecret;
  let shared: Promise<Buffer> | undefined;
  const key = configured
    ? visitorKey(configured)
    : () =>
        (shared ??= path.jobs!.sharedSecret('visitor').then(visitorKey, (error: unknown) => {
          shared = undefined; // asked again on the next request, once Redis is back
          throw error;
        }));
  // The event wall: its calls and live feeds, on Redis; a change through any node reaches walls on every other.
  const wall = startScaleWall(scale, path.store, { retentionSeconds: settings.retentionSeconds });
  const visitors = new VisitorTokens(key);
  // Each tenant's retention, "Email me my picture" and lead fields, as the control node wrote them to Redis; the outbox and the leads queued in Redis.
  const delivery = startScaleDelivery(settings, scale, { jobs: path.jobs!, store: path.store, visitors, log });
  // Each tenant's refused words, as the control node wrote them to Redis: a guest's words checked as on the embedded default.
  const words = startTenantWords(scale, { log });
  const app = createApp({
    lingerBytes: settings.maxBodyBytes,
    aiHub: {
      ...aiHubOf(settings, styles, path.jobs!, readers, visitors, path.frames!, path.venues!),
      resultSeconds: delivery.resultSeconds,
      inputsOf: inputsOfStyles(offered.styles),
      refusedWords: words.refusedWords,
    },
    jobEmail: delivery.jobEmail,
    wall: { walls: wall.walls, jobs: wall.jobs, bus: wall.bus, feeds: wall.feeds, publicUrl: settings.publicUrl },
    // Style thumbnails only: results are in S3, tenant assets on the control node (their brand frames in S3 too).
    media: { styles, retentionSeconds: settings.retentionSeconds },
    // Checked here, queued in Redis; the control node stores them in its SQLite file.
    leads: delivery.leads,
    health: async () => ({ ok: true, role: 'api' }),
  });
  return {
    app,
    async close() {
      words.close();
      await Promise.all([wall.close(), delivery.close()]);
      await Promise.all([path.close(), readers.close()]);
    },
  };
}
