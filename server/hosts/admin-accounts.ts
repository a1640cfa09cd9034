// The console's accounts: operators list, add and delete them; the service account is a setting.
// Mounted by admin-api.ts after its session check.
import { Hono } from 'hono';
import { z } from 'zod/mini';
import { operatorsOnly, type ConsoleEnv } from '../admin/access.ts';
import type { Account, AccountStore } from '../storage/accounts.ts';
import { passwordProblem } from '../storage/passwords.ts';
import type { SessionStore } from '../storage/sessions.ts';
import type { TenantStore } from '../storage/tenants.ts';
import { fail, jsonBody, validJson, limitJsonBody } from './http.ts';

export interface AdminAccountsDeps {
  accounts: AccountStore;
  sessions: SessionStore;
  tenants: TenantStore;
  datasetId: string;
}

const NewAccountSchema = z.object({
  username: z.string().check(z.regex(/^[A-Za-z0-9._@-]{1,100}$/)),
  password: z.string(),
  role: z.enum(['operator', 'tenant']),
  tenant: z.optional(z.nullable(z.string())),
});

export function adminAccounts(deps: AdminAccountsDeps) {
  const app = new Hono<ConsoleEnv>();

  app.get('/accounts', (c) => operatorsOnly(c) ?? c.json(deps.accounts.list()));
  app.post(
    '/accounts',
    limitJsonBody(),
    jsonBody({ requireJsonType: true }),
    validJson(
      NewAccountSchema,
      'Send {"username", "password", "role": "operator" or "tenant", "tenant"} as JSON; a user name holds letters, digits and . _ @ -.',
    ),
    async (c) => {
      const refused = operatorsOnly(c);
      if (refused) return refused;
      const body = c.req.valid('json');
      const weak = passwordProblem(body.password);
      if (weak) return fail(c, 400, weak, { fields: { password: [weak] } });
      const tenant = body.role === 'tenant' ? (body.tenant ?? '') : null;
      if (tenant !== null && !deps.tenants.item(deps.datasetId, tenant)) {
        return fail(c, 400, 'A tenant account needs the slug of an existing tenant.', {
          fields: { tenant: ['No tenant has this slug.'] },
        });
      }
      const account: Account = { username: body.username, role: body.role, tenant };
      if (!(await deps.accounts.add(account, body.password)))
        return fail(c, 409, `The user name "${body.username}" is taken; choose another.`);
      return c.json(account, 201);
    },
  );
  app.delete('/accounts/:username', (c) => {
    const refused = operatorsOnly(c);
    if (refused) return refused;
    const username = c.req.param('username');
    if (username === deps.accounts.serviceUsername)
      return fail(c, 400, 'The service account is a setting (BOOTH_SERVICE_USERNAME); it cannot be deleted here.');
    if (!deps.accounts.remove(username)) return fail(c, 404, `There is no account "${username}".`);
    deps.sessions.endAll(username);
    return c.body(null, 204);
  });
  return app;
}
