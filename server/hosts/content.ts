// The content host: GET /datasets/{id} with `Authorization: JWT <token>` -> {content: [branding]}.
import { Hono } from 'hono';
import { quoted, type DatasetResponse } from '../../contract/index.ts';
import { servedForMail } from '../../contract/delivery.ts';
import { fail } from './http.ts';
import { tokenProblem } from '../auth/jwt.ts';
import type { TenantStore } from '../storage/tenants.ts';

export interface ContentDeps {
  secret: Uint8Array;
  datasetId: string;
  tenants: TenantStore;
  /**
   * Whether this booth can send email (BOOTH_SMTP_HOST is set). Without it every tenant is served
   * with `email: false`, so the build offers "Email me my picture" on no results screen.
   */
  sendsMail?: boolean;
}

const AUTH_SCHEME = /^(?:JWT|Bearer)\s+(\S+)$/i;

export function contentHost(deps: ContentDeps) {
  const app = new Hono();
  app.get('/:id', async (c) => {
    const header = c.req.header('authorization');
    if (!header) return fail(c, 401, 'Authentication required: send the header "Authorization: JWT <token>".');
    const token = AUTH_SCHEME.exec(header.trim())?.[1];
    if (!token) return fail(c, 401, 'The Authorization header must read "JWT <token>".');
    const problem = await tokenProblem(deps.secret, token);
    if (problem) return fail(c, 401, problem);
    const id = c.req.param('id');
    if (id !== deps.datasetId) return fail(c, 404, `There is no dataset ${quoted(id)}.`);
    const content = deps.tenants.list(deps.datasetId);
    return c.json({
      content: content.map((item) => servedForMail(item, deps.sendsMail !== false)),
    } satisfies DatasetResponse);
  });
  return app;
}
