// /media: result images, style thumbnails and tenant assets (logos, backgrounds, processing
// videos), all with CORS so the site can draw a result into a canvas to share it.
import { Hono, type Context } from 'hono';
import { fail } from './http.ts';
import { isExpired } from '../embedded/retention.ts';
import { decodePath, resolveInside } from '../files/safe-path.ts';
import { sendFile } from '../files/send-file.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobStore } from '../storage/jobs.ts';
import type { StyleCatalog } from '../jobs/job-backend.ts';

export interface MediaDeps {
  /** None on an API node of a scale-out deployment: results are in S3, tenant assets on the control node. */
  jobs?: JobStore;
  files?: FileStore;
  styles: StyleCatalog;
  tenantAssetsDir?: string;
  retentionSeconds: number;
}

const notFound = (c: Context) => fail(c, 404, 'There is no such file.');
const send = (c: Context, file: string, cacheControl: string) =>
  sendFile(file, { cacheControl, cors: true, method: c.req.method, range: c.req.header('range') }) ?? notFound(c);

export function mediaHost(deps: MediaDeps) {
  const app = new Hono();

  app.get('/results/:jobId/:name', (c) => {
    const job = deps.jobs?.get(c.req.param('jobId'));
    const name = c.req.param('name');
    if (
      !job ||
      !deps.files ||
      !(job.images.includes(name) || job.previews.includes(name)) ||
      isExpired(job, deps.retentionSeconds)
    )
      return notFound(c);
    return send(c, deps.files.resultPath(job.id, name), 'private, max-age=3600');
  });

  app.get('/styles/:id/:file', (c) => {
    const style = deps.styles.find(c.req.param('id'));
    if (!style?.thumbnailPath) return notFound(c);
    return send(c, style.thumbnailPath, 'public, max-age=3600');
  });

  app.get('/tenants/*', (c) => {
    const raw = new URL(c.req.url).pathname.replace(/^.*?\/media\/tenants\//, '');
    const relative = decodePath(raw);
    const file = relative === null || !deps.tenantAssetsDir ? null : resolveInside(deps.tenantAssetsDir, relative);
    if (!file) return notFound(c);
    return send(c, file, 'public, max-age=3600');
  });

  app.all('*', notFound);
  return app;
}
