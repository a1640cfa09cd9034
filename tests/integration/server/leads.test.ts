// Opt-in leads against the real server and its SQLite file: what a guest sends is checked (a
// newline, a header, a 10 000-character name: a clear 400; markup kept as text), kept per tenant,
// exported as CSV with OWASP's CSV-injection rule by the console and the ops CLI, deleted for one
// address, with the tenant and past the tenant's lead retention, and never written to the log.
// The event page's figures count the wall, the emails (through a real SMTP server) and the leads.
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEXT, LEAD_TEXT, emailPath, leadPath, type EventTally } from '../../../contract/index.ts';
import { CATALOGUES } from '../../../contract/i18n/index.ts';
import { patience } from '../../support/patience.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { smtpEnv, startSmtp, type TestSmtp } from '../../support/smtp.ts';
import { createJob, waitForJob } from './support/client.ts';
import { call, signIn, tenantCli } from './support/console.ts';

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines', consent: true };

function sendLead(url: string, tenant: string, body: unknown, type = 'application/json', language?: string) {
  return fetch(url + leadPath(tenant), {
    method: 'POST',
    headers: { 'content-type': type, ...(language ? { 'accept-language': language } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function csvOf(url: string, tenant: string, cookie: string) {
  const res = await fetch(`${url}/admin/api/tenants/${tenant}/leads.csv`, { headers: { cookie } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

function leadRows(dataDir: string, tenant: string): { email: string; created_at: number }[] {
  const db = new DatabaseSync(path.join(dataDir, 'booth.sqlite'), { readOnly: true });
  try {
    return db.prepare('SELECT email, created_at FROM leads WHERE tenant = ?').all(tenant) as {
      email: string;
      created_at: number;
    }[];
  } finally {
    db.close();
  }
}

describe('opt-in leads', () => {
  let smtp: TestSmtp;
  let server: RunningServer;
  let cookie: string;
  const env = () => ({ BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', ...smtpEnv(smtp.port) });

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: env() });
    cookie = await signIn(server.url);
  }, patience(60_000));

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('keeps a guest lead for its tenant and exports it as CSV from the console and the CLI', async () => {
    const res = await sendLead(server.url, 'gala', ADA);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ stored: true });

    const csv = await csvOf(server.url, 'gala', cookie);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('"given_at","name","email","company","marketing_consent"');
    expect(
      lines.some((l) =>
        /^"\d{4}-\d\d-\d\dT[^"]+","Ada Lovelace","ada@example.com","Analytical Engines","yes"$/.test(l),
      ),
    ).toBe(true);

    const cli = await tenantCli(['leads', 'gala'], { BOOTH_URL: server.url });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain('"Ada Lovelace","ada@example.com","Analytical Engines","yes"');
    expect(cli.stdout.split('\n')[0]).toBe('"given_at","name","email","company","marketing_consent"\r');
  });

  it.each([
    ['a name with a newline', { ...ADA, name: 'Ada\nBcc: victim@example.org' }, 'name', LEAD_TEXT.oneLine],
    [
      'a header injection in the address',
      { ...ADA, email: 'ada@example.com\r\nSubject: spam' },
      'email',
      EMAIL_TEXT.addressOneLine,
    ],
    [
      'a 10 000-character name',
      { ...ADA, name: 'a'.repeat(10_000) },
      'name',
      'That name is too long; it can be at most 100 characters.',
    ],
    ['a company with a tab', { ...ADA, company: 'Engines\tLtd' }, 'company', LEAD_TEXT.oneLine],
    ['two addresses', { ...ADA, email: 'ada@example.com, eve@example.org' }, 'email', EMAIL_TEXT.addressInvalid],
    ['nothing at all', { consent: true }, 'name', LEAD_TEXT.nothingGiven],
  ])('refuses %s with a clear 400 at its field, and keeps nothing', async (_what, body, field, sentence) => {
    const before = leadRows(server.dataDir, 'gala').length;
    const res = await sendLead(server.url, 'gala', body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(answer.error).toBe(sentence);
    expect(answer.fields[field]).toBe(sentence);
    expect(leadRows(server.dataDir, 'gala').length).toBe(before);
  });

  it('answers a body that is not JSON, an unknown tenant and a tenant without leads with a sentence', async () => {
    const form = await sendLead(server.url, 'gala', 'name=Ada', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
    expect(((await form.json()) as { error: string }).error).toMatch(/as JSON/);
    const shape = await sendLead(server.url, 'gala', { name: 42, consent: 'yes' });
    expect(shape.status).toBe(400);
    expect(((await shape.json()) as { error: string }).error).toMatch(/as text fields/);
    const nobody = await sendLead(server.url, 'nobody-here', ADA);
    expect(nobody.status).toBe(404);
    expect(((await nobody.json()) as { error: string }).error).toBe('There is no tenant "nobody-here" on this booth.');
    const aurora = await sendLead(server.url, 'aurora', ADA);
    expect(aurora.status).toBe(409);
    expect(((await aurora.json()) as { error: string }).error).toBe(
      'This booth does not ask for your details. Go on to the camera.',
    );
    // Told in the language of the guest's page.
    const inArabic = await sendLead(server.url, 'aurora', ADA, 'application/json', 'ar');
    expect(inArabic.status).toBe(409);
    expect(((await inArabic.json()) as { error: string }).error).toBe(CATALOGUES.ar.guest.leadOff);
  });

  it('keeps markup as text and makes formula cells inert in the CSV', async () => {
    const hostile = [
      { name: '<script>alert(1)</script>', email: 'markup@example.com', company: '"Quotes", Inc', consent: false },
      { name: '=HYPERLINK("http://evil.example","x")', email: 'f1@example.com', company: '+1+1', consent: true },
      { name: '-2+3', email: 'f2@example.com', company: '@SUM(A1:A9)', consent: true },
    ];
    for (const lead of hostile) expect((await sendLead(server.url, 'gala', lead)).status).toBe(201);
    const { text } = await csvOf(server.url, 'gala', cookie);
    expect(text).toContain('"<script>alert(1)</script>","markup@example.com","""Quotes"", Inc","no"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")","f1@example.com","'+1+1","yes"`);
    expect(text).toContain(`"'-2+3","f2@example.com","'@SUM(A1:A9)","yes"`);
    // No cell starts a formula: every cell opens with a quote, then anything but = + - @.
    for (const line of text.split('\r\n').filter(Boolean))
      for (const cell of line.match(/"(?:[^"]|"")*"/g) ?? []) expect(cell[1]).not.toMatch(/[=+\-@\t\r]/);
  });

  it('never writes lead data to the log', () => {
    const log = server.output();
    expect(log).toMatch(/POST \/transformations\/leads\/gala\/? 201/);
    for (const secret of ['Ada Lovelace', 'ada@example.com', 'Analytical Engines', 'HYPERLINK', 'markup@example.com'])
      expect(log).not.toContain(secret);
  });

  it('deletes one address on request, from the console and from the CLI; a tenant account of another tenant is refused', async () => {
    const forget = await call<{ deleted: number }>(server.url, 'POST', '/tenants/gala/leads/forget', {
      cookie,
      body: { address: 'ADA@example.com' },
    });
    expect(forget.status).toBe(200);
    expect(forget.body.deleted).toBe(1);
    expect((await csvOf(server.url, 'gala', cookie)).text).not.toContain('ada@example.com');
    const bad = await call<{ error: string }>(server.url, 'POST', '/tenants/gala/leads/forget', {
      cookie,
      body: { address: 'x\nBcc: y@example.org' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(EMAIL_TEXT.addressOneLine);

    const cli = await tenantCli(['leads', 'gala', '--delete', 'f1@example.com'], { BOOTH_URL: server.url });
    expect(cli).toMatchObject({ code: 0, stdout: 'Deleted 1 lead.\n' });
    expect(leadRows(server.dataDir, 'gala').map((r) => r.email)).not.toContain('f1@example.com');

    const password = 'aurora-staff-password';
    const added = await call(server.url, 'POST', '/accounts', {
      cookie,
      body: { username: 'aurora-leads', password, role: 'tenant', tenant: 'aurora' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const staff = await signIn(server.url, 'aurora-leads', password);
    expect((await csvOf(server.url, 'gala', staff)).status).toBe(403);
    expect((await csvOf(server.url, 'aurora', staff)).status).toBe(200);
  });

  it('keeps an emailed address as a lead only when the guest opted in, and counts the email on the event page', async () => {
    const job = await createJob(server.url, undefined, 'pop-art', 'gala');
    expect((await waitForJob(server.url, job)).result.status).toBe('COMPLETED');
    const before = await call<EventTally>(server.url, 'GET', '/tenants/gala/tally', { cookie });
    expect(before.status).toBe(200);
    expect(before.body.emails).toEqual({ sent: 0, failed: 0 });

    // One guest opts in (the page sends the lead with the address), another only wants the picture.
    expect(
      (await sendLead(server.url, 'gala', { email: 'keep@example.com', name: 'Keeper', consent: true })).status,
    ).toBe(201);
    for (const address of ['keep@example.com', 'once@example.com']) {
      const res = await fetch(server.url + emailPath(job), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address }),
      });
      expect(res.status).toBe(202);
    }
    await smtp.nth(2, patience(10_000));
    await expect
      .poll(async () => (await call<EventTally>(server.url, 'GET', '/tenants/gala/tally', { cookie })).body.emails, {
        timeout: patience(5_000),
      })
      .toEqual({ sent: 2, failed: 0 });
    const kept = leadRows(server.dataDir, 'gala').map((r) => r.email);
    expect(kept).toContain('keep@example.com');
    expect(kept).not.toContain('once@example.com');
    const tally = await call<EventTally>(server.url, 'GET', '/tenants/gala/tally', { cookie });
    expect(tally.body.leads).toBe(kept.length);
    expect(tally.body.wall).toEqual({ shown: 0, waiting: 0 });
  });

  it("deletes a tenant's leads with the tenant, and leads past the tenant's retention at the next start", async () => {
    const made = await call(server.url, 'POST', '/tenants', {
      cookie,
      body: { slug: 'harbour', client: 'Harbour Days', leadFields: ['email'], leadRetentionDays: 30 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await sendLead(server.url, 'harbour', { email: 'sailor@example.com', consent: false })).status).toBe(201);
    expect(leadRows(server.dataDir, 'harbour')).toHaveLength(1);
    expect((await call(server.url, 'DELETE', '/tenants/harbour', { cookie })).status).toBe(204);
    expect(leadRows(server.dataDir, 'harbour')).toHaveLength(0);

    // Gala keeps leads 90 days: one given 91 days ago goes at the next start, today's stay.
    const kept = leadRows(server.dataDir, 'gala').length;
    const dataDir = server.dataDir;
    await server.stop();
    const db = new DatabaseSync(path.join(dataDir, 'booth.sqlite'));
    db.prepare(
      "INSERT INTO leads (tenant, name, email, company, consent, created_at) VALUES ('gala', 'Old', 'old@example.com', '', 1, ?)",
    ).run(Date.now() - 91 * 24 * 3600 * 1000);
    db.close();
    expect(leadRows(dataDir, 'gala')).toHaveLength(kept + 1);
    server = await startServer({ env: env(), dataDir });
    await expect
      .poll(() => server.output(), { timeout: patience(5_000) })
      .toMatch(/leads: 1 lead\(s\) past their tenant's retention deleted/);
    const after = leadRows(dataDir, 'gala').map((r) => r.email);
    expect(after).toHaveLength(kept);
    expect(after).not.toContain('old@example.com');
  });
});
