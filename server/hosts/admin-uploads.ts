// A tenant's files in the console's API: the limits of an upload, and PUT
// /tenants/{slug}/files/{logo|background|scene|frame|video} with the file as the body (any
// Content-Type: the bytes say what it is); the tenant's branding then names the new file.
// Mounted by admin-api.ts after its session check.
import { Hono } from 'hono';
import { DEFAULT_TENANT_SLUG } from '../../contract/index.ts';
import { resolveBranding } from '../../contract/branding.ts';
import { backdropsOf, MAX_BACKDROPS } from '../../contract/backdrops.ts';
import { mayManage, NOT_A_SLUG, slugParam, type ConsoleEnv } from '../admin/access.ts';
import { tenantView, type TenantViewDeps } from '../admin/tenant-view.ts';
import {
  checkUpload,
  storeUpload,
  UPLOAD_FIELD,
  UPLOAD_KINDS,
  type UploadKind,
  type UploadLimits,
} from '../admin/uploads.ts';
import type { PublishedSite } from '../publish/published.ts';
import { fail, limitBody, sizeText } from './http.ts';

export interface AdminUploadsDeps extends TenantViewDeps {
  uploads: UploadLimits;
  reserved: ReadonlySet<string>;
  /** The published site: an upload keeps the files its pages use until the next publish. */
  published?: PublishedSite;
  /** Told of each change to a tenant, before the answer. */
  changed: (slug: string) => Promise<void>;
}

export function adminUploads(deps: AdminUploadsDeps) {
  const app = new Hono<ConsoleEnv>();

  // The limits of an upload, shown before a file is chosen and checked in the browser before it is sent.
  app.get('/uploads', (c) => c.json(deps.uploads));

  app.put(
    '/tenants/:slug/files/:kind',
    async (c, next) => {
      const kind = c.req.param('kind') as UploadKind;
      if (!UPLOAD_KINDS.includes(kind))
        return fail(
          c,
          404,
          `There is no file "${kind}" of a tenant; upload a logo, background, scene, frame or video.`,
        );
      const max = kind === 'video' ? deps.uploads.videoBytes : deps.uploads.imageBytes;
      return limitBody(max, `The file is too large; the limit is ${sizeText(max)}.`)(c, next);
    },
    async (c) => {
      const slug = slugParam(c, deps.reserved);
      if (slug === null) return fail(c, 400, NOT_A_SLUG);
      const refused = mayManage(c, slug);
      if (refused) return refused;
      const kind = c.req.param('kind') as UploadKind;
      if (slug === DEFAULT_TENANT_SLUG && kind !== 'video')
        return fail(
          c,
          400,
          "The default tenant's images are the files in public/assets of the site; they cannot be uploaded here.",
        );
      const stored = deps.tenants.item(deps.datasetId, slug);
      if (!stored) return fail(c, 404, `There is no tenant "${slug}".`);
      if ('problem' in stored)
        return fail(c, 409, `The tenant's stored branding cannot be read (${stored.problem}); save its fields first.`);
      const data = Buffer.from(await c.req.arrayBuffer());
      if (data.length === 0) return fail(c, 400, 'The file is empty; send the file as the request body.');
      // A scene joins the tenant's backdrops: the ones saved stay, and their files with them.
      const backdrops = kind === 'scene' ? backdropsOf(resolveBranding(stored.item).branding) : [];
      if (backdrops.length >= MAX_BACKDROPS) {
        const full = `The tenant has ${MAX_BACKDROPS} backdrops, the most it can offer; remove one and save before uploading another.`;
        return fail(c, 409, full, { fields: { sceneUrls: [full] } });
      }
      const upload = await checkUpload(kind, data, deps.uploads);
      if (!upload.ok) return fail(c, upload.status, upload.error, { fields: { [UPLOAD_FIELD[kind]]: [upload.error] } });
      // The published pages (and results, for a frame or scene) keep their file until the next publish.
      const keep = new Set(deps.published?.filesOf(slug));
      for (const saved of backdrops) if (saved.startsWith(`${slug}/`)) keep.add(saved.slice(slug.length + 1));
      const name = await storeUpload(deps.tenantAssetsDir, slug, kind, upload, keep);
      const value = kind === 'video' ? `/media/tenants/${slug}/${name}` : `${slug}/${name}`;
      deps.tenants.replace(deps.datasetId, {
        ...stored.item,
        ...(kind === 'scene' ? withBackdropAdded(backdrops, value) : { [UPLOAD_FIELD[kind]]: value }),
      });
      await deps.changed(slug);
      return c.json(tenantView(deps, slug));
    },
  );
  return app;
}

/** The backdrop fields once an uploaded scene has joined them; sceneUrl stays the first, for readers of one backdrop. */
function withBackdropAdded(backdrops: string[], added: string) {
  const sceneUrls = backdrops.includes(added) ? backdrops : [...backdrops, added];
  return { sceneUrls, sceneUrl: sceneUrls[0] };
}
