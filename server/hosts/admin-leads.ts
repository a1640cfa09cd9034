// A tenant's leads and figures in the console's API: the leads as CSV (OWASP's CSV-injection
// rule, leads/csv.ts), deleting one address's leads (a guest's request), and the event page's
// figures beside the jobs': pictures on the wall and waiting, emails sent and failed, leads kept.
// Mounted by admin-api.ts after its session check; a tenant account reaches its own tenant only.
import { Hono, type Context } from 'hono';
import { LeadForgetSchema, type EventTally } from '../../contract/leads.ts';
import { emailAddressProblem } from '../../contract/delivery.ts';
import { managedTenant, type ConsoleEnv } from '../admin/access.ts';
import type { TenantWalls } from '../brand/wall-settings.ts';
import { leadsCsv } from '../leads/csv.ts';
import type { LeadStore, MailFigures } from '../storage/leads.ts';
import type { TenantStore } from '../storage/tenants.ts';
import type { WallJobs } from '../wall/wall-jobs.ts';
import { fail, jsonBody, validJson, limitJsonBody } from './http.ts';

export interface AdminLeadsDeps {
  tenants: TenantStore;
  datasetId: string;
  reserved: ReadonlySet<string>;
  /** Where leads are kept; absent on a node without them (the figures then say null). */
  leads?: Pick<LeadStore, 'list' | 'count' | 'forgetAddress'>;
  /** Emails sent and failed per tenant; absent where the booth sends no mail. */
  mail?: Pick<MailFigures, 'of'>;
  wall?: { walls: TenantWalls; jobs: WallJobs };
}

/** Pictures counted at most on the wall and in its queue: past that the figure says this many. */
export const TALLY_CAP = 10_000;

export function adminLeads(deps: AdminLeadsDeps) {
  const app = new Hono<ConsoleEnv>();

  /** The tenant of the path, or the answer that stops the request: 400, 403, 404, in that order. */
  const tenantOf = (c: Context<ConsoleEnv>) => managedTenant(c, deps);
  const noLeads = (c: Context) =>
    fail(c, 501, "This node keeps no leads: they are in the control node's database; ask the console there.");

  app.get('/tenants/:slug/leads.csv', (c) => {
    const found = tenantOf(c);
    if ('refused' in found) return found.refused;
    if (!deps.leads) return noLeads(c);
    return c.body(leadsCsv(deps.leads.list(found.slug)), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${found.slug}-leads.csv"`,
      'Cache-Control': 'no-store',
    });
  });

  app.post(
    '/tenants/:slug/leads/forget',
    limitJsonBody(),
    jsonBody({ requireJsonType: true }),
    validJson(LeadForgetSchema, 'Send {"address": "name@example.com"}: the address whose leads are deleted.'),
    (c) => {
      const found = tenantOf(c);
      if ('refused' in found) return found.refused;
      if (!deps.leads) return noLeads(c);
      const { address } = c.req.valid('json');
      const why = emailAddressProblem(address);
      if (why) return fail(c, 400, why);
      return c.json({ deleted: deps.leads.forgetAddress(found.slug, address) });
    },
  );

  app.get('/tenants/:slug/tally', async (c) => {
    const found = tenantOf(c);
    if ('refused' in found) return found.refused;
    const { slug } = found;
    const wall = deps.wall ? await deps.wall.walls.of(slug) : undefined;
    const [shown, waiting] =
      deps.wall && wall?.wall
        ? await Promise.all([deps.wall.jobs.shown(slug, TALLY_CAP), deps.wall.jobs.waiting(slug, TALLY_CAP)])
        : [null, null];
    return c.json({
      wall: shown && waiting ? { shown: shown.length, waiting: waiting.length } : null,
      emails: deps.mail ? deps.mail.of(slug) : null,
      leads: deps.leads ? deps.leads.count(slug) : null,
    } satisfies EventTally);
  });

  return app;
}
