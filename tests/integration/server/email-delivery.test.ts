import { createServer } from 'node:net';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATASET_ID, EMAIL_TEXT, emailPath, VISITOR_HEADER } from '../../../contract/index.ts';
import { CATALOGUES, fill } from '../../../contract/i18n/index.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { patience } from '../../support/patience.ts';
import { parseMail, smtpEnv, startSmtp, type TestSmtp } from '../../support/smtp.ts';
import { createJob, obtainToken, waitForJob } from './support/client.ts';
import { call, signIn } from './support/console.ts';
import { askToken } from './support/visitors.ts';

const GUEST = 'guest@example.com';

function askEmail(url: string, jobId: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url + emailPath(jobId), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function outboxRows(dataDir: string): { address: string; attempts: number }[] {
  const db = new DatabaseSync(path.join(dataDir, 'booth.sqlite'), { readOnly: true });
  try {
    return db.prepare('SELECT address, attempts FROM outbox').all() as { address: string; attempts: number }[];
  } finally {
    db.close();
  }
}

/** A port nothing listens on now: an SMTP server that is down. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });
}

async function setBranding(url: string, slug: string, changes: Record<string, unknown>) {
  const cookie = await signIn(url);
  const view = await call<{ branding: Record<string, unknown> }>(url, 'GET', `/tenants/${slug}`, { cookie });
  const put = await call(url, 'PUT', `/tenants/${slug}`, { cookie, body: { ...view.body.branding, ...changes } });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

const setClient = (url: string, slug: string, client: string) => setBranding(url, slug, { client });

describe('email delivery through a real SMTP server', () => {
  let smtp: TestSmtp;
  let server: RunningServer;
  let galaJob: string;
  let picture: Buffer;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({
      env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_MAIL_PER_VISITOR: '3', ...smtpEnv(smtp.port) },
    });
    galaJob = await createJob(server.url, undefined, 'pop-art', 'gala');
    const job = await waitForJob(server.url, galaJob);
    expect(job.result.status).toBe('COMPLETED');
    picture = Buffer.from(await (await fetch(job.images[0]!)).arrayBuffer());
  }, patience(60_000));

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('sends the picture in the tenant branding: headers, HTML and text, the attachment as the result', async () => {
    const res = await askEmail(server.url, galaJob, { address: GUEST });
    expect(res.status, await res.clone().text()).toBe(202);
    expect(await res.json()).toEqual({ queued: true });

    const mail = await smtp.nth(1, patience(10_000));
    expect(mail.to).toEqual([GUEST]);
    const parsed = await parseMail(mail.raw);
    expect(parsed.from?.address).toBe('booth@example.org');
    expect(parsed.to?.map((t) => t.address)).toEqual([GUEST]);
    expect(parsed.subject).toBe('Your picture from Gala Night');
    expect(parsed.text).toContain('Here is your picture from Gala Night');
    expect(parsed.html).toContain('Your picture from Gala Night');
    // The tenant's colours and its logo.
    expect(parsed.html).toContain('#1a1423');
    expect(parsed.html).toContain('#fdf6e3');
    expect(parsed.html).toContain('cid:logo');
    // Named as the spec's Share names it, with the result's own type (pop art is a JPEG).
    const attached = parsed.attachments.find((a) => /^ai_me\.(png|jpg|webp)$/.test(a.filename ?? ''));
    expect(attached, parsed.attachments.map((a) => a.filename).join(', ')).toBeDefined();
    expect(Buffer.from(attached!.content as ArrayBuffer).equals(picture)).toBe(true);
    expect(parsed.attachments.some((a) => a.filename?.startsWith('logo'))).toBe(true);

    // Sent, then forgotten: no row, and the log names the job, never the address.
    await expect.poll(() => outboxRows(server.dataDir).length, { timeout: patience(5_000) }).toBe(0);
    await expect
      .poll(() => server.output(), { timeout: patience(5_000) })
      .toMatch(new RegExp(`mail: message \\d+ for job ${galaJob} sent`));
    expect(server.output()).not.toContain(GUEST);
  });

  it.each([
    ['an address with a newline', `${GUEST}\nBcc: victim@example.org`, EMAIL_TEXT.addressOneLine],
    ['a header injection', `${GUEST}\r\nSubject: spam`, EMAIL_TEXT.addressOneLine],
    ['two addresses', `${GUEST}, other@example.org`, EMAIL_TEXT.addressInvalid],
    ['a display name with markup', '<b>Guest</b> <guest@example.com>', EMAIL_TEXT.addressInvalid],
    ['10 000 characters', `${'a'.repeat(10_000)}@example.com`, EMAIL_TEXT.addressTooLong],
    ['no address', '', EMAIL_TEXT.addressMissing],
  ])('refuses %s with a clear 400, and sends nothing', async (_name, address, sentence) => {
    const before = smtp.received.length;
    const res = await askEmail(server.url, galaJob, { address });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(sentence);
    expect(outboxRows(server.dataDir).filter((r) => r.address !== GUEST)).toEqual([]);
    expect(smtp.received.length).toBe(before);
  });

  it('answers a body that is not JSON, an unknown job and a tenant without email with a sentence', async () => {
    const notJson = await askEmail(server.url, galaJob, 'address=guest@example.com', { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(415);
    expect(((await notJson.json()) as { error: string }).error).toMatch(/JSON/);

    const unknown = await askEmail(server.url, 'no-such-job', { address: GUEST });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/no such picture/);

    // Aurora Live does not offer email.
    const aurora = await createJob(server.url, undefined, 'pop-art', 'aurora');
    await waitForJob(server.url, aurora);
    const refused = await askEmail(server.url, aurora, { address: GUEST });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(/does not send pictures by email/);
  });

  it('limits one visitor to a few emails a minute', async () => {
    const { body } = await askToken(server.url);
    const visitor = { [VISITOR_HEADER]: body.token! };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await askEmail(server.url, galaJob, { address: `guest${i}@example.com` }, visitor)).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const refused = await askEmail(server.url, galaJob, { address: GUEST }, visitor);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: string }).error).toMatch(/try again in \d+ seconds/);
    // Another visitor is not held up by this one.
    const other = (await askToken(server.url)).body.token!;
    expect((await askEmail(server.url, galaJob, { address: GUEST }, { [VISITOR_HEADER]: other })).status).toBe(202);
  });

  it("shows markup in the tenant's name as text in the email", async () => {
    await setClient(server.url, 'gala', '<b>Gala</b> & "Night" <script>alert(1)</script>');
    try {
      expect((await askEmail(server.url, galaJob, { address: 'markup@example.com' })).status).toBe(202);
      const mail = await smtp.to('markup@example.com', patience(10_000));
      const parsed = await parseMail(mail.raw);
      expect(parsed.html).toContain('&lt;b&gt;Gala&lt;/b&gt; &amp; &quot;Night&quot; &lt;script&gt;');
      expect(parsed.html).not.toContain('<script>');
      expect(parsed.html).not.toContain('<b>Gala</b>');
      // One header line, the name as it was typed.
      expect(parsed.subject).toBe('Your picture from <b>Gala</b> & "Night" <script>alert(1)</script>');
    } finally {
      await setClient(server.url, 'gala', 'Gala Night');
    }
  });

  it("writes it in the guest's language when the tenant offers it, else in the tenant's own", async () => {
    await setBranding(server.url, 'gala', { languages: ['en', 'fr'] });
    try {
      // Each asked for as a visitor of its own: the address's minute went to the tests above.
      const ask = async (address: string, language: string) => {
        const visitor = (await askToken(server.url)).body.token!;
        const res = await askEmail(
          server.url,
          galaJob,
          { address },
          { [VISITOR_HEADER]: visitor, 'accept-language': language },
        );
        expect(res.status, await res.clone().text()).toBe(202);
        return parseMail((await smtp.to(address, patience(10_000))).raw);
      };
      const french = CATALOGUES.fr.guest;
      const fr = await ask('fr@example.com', 'fr-FR,fr;q=0.9,en;q=0.8');
      expect(fr.subject).toBe(fill(french.mailSubject, { client: 'Gala Night' }));
      expect(fr.text).toContain(fill(french.mailIntro, { client: 'Gala Night' }));
      expect(fr.text).toContain(fill(french.mailWhy, { client: 'Gala Night' }));
      expect(fr.html).toContain('<html lang="fr" dir="ltr">');
      expect(fr.text).not.toContain('Here is your picture');

      // German is a language of the booth, not one Gala Night offers.
      const de = await ask('de@example.com', 'de');
      expect(de.subject).toBe('Your picture from Gala Night');
      expect(de.html).toContain('<html lang="en" dir="ltr">');
    } finally {
      await setBranding(server.url, 'gala', { languages: [] });
    }
  });
});

describe('email delivery without SMTP settings', () => {
  it('answers 503 with a sentence, and serves every tenant to the build with email off', async () => {
    const server = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off' } });
    try {
      const id = await createJob(server.url, undefined, 'pop-art', 'gala');
      await waitForJob(server.url, id);
      const res = await askEmail(server.url, id, { address: GUEST });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toMatch(/cannot send email: it has no mail server/);

      const token = await obtainToken(server.url);
      const dataset = (await (
        await fetch(`${server.url}/datasets/${DEFAULT_DATASET_ID}`, { headers: { Authorization: `JWT ${token}` } })
      ).json()) as { content: { slug: string; email?: boolean }[] };
      expect(dataset.content.find((t) => t.slug === 'gala')?.email).toBe(false);
    } finally {
      await server.stop();
    }
  });

  it('stops with one line when BOOTH_SMTP_HOST comes without a sender', async () => {
    const error = await startServer({ env: { BOOTH_WORKERS: '1', BOOTH_SMTP_HOST: '127.0.0.1' } }).then(
      async (s) => {
        await s.stop();
        return null;
      },
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/BOOTH_MAIL_FROM.*is needed with BOOTH_SMTP_HOST/);
  });
});

describe('the outbox', () => {
  it(
    'keeps a message through a restart while the SMTP server is down, and delivers it once it is up',
    async () => {
      const port = await freePort();
      const env = { BOOTH_WORKERS: '1', BOOTH_HTTPS: 'off', BOOTH_MAIL_RETRY_MAX_SECONDS: '1', ...smtpEnv(port) };
      const first = await startServer({ env });
      const id = await createJob(first.url, undefined, 'pop-art', 'gala');
      await waitForJob(first.url, id);
      expect((await askEmail(first.url, id, { address: GUEST })).status).toBe(202);
      // Tried and failed at least once: the SMTP server is down.
      await expect
        .poll(() => outboxRows(first.dataDir)[0]?.attempts ?? 0, { timeout: patience(10_000) })
        .toBeGreaterThan(0);
      await first.stop();
      expect(outboxRows(first.dataDir)).toEqual([expect.objectContaining({ address: GUEST })]);

      const smtp = await startSmtp({ port });
      const second = await startServer({ dataDir: first.dataDir, env });
      try {
        const mail = await smtp.nth(1, patience(10_000));
        expect(mail.to).toEqual([GUEST]);
        expect(second.output()).toMatch(/mail: 1 message\(s\) waiting in the outbox from the last run/);
        await expect.poll(() => outboxRows(second.dataDir).length, { timeout: patience(5_000) }).toBe(0);
      } finally {
        await second.stop();
        await smtp.close();
      }
    },
    patience(60_000),
  );

  it(
    'gives a message up after BOOTH_MAIL_GIVE_UP_SECONDS with one line for ops, and forgets the address',
    async () => {
      const port = await freePort();
      const server = await startServer({
        env: {
          BOOTH_WORKERS: '1',
          BOOTH_HTTPS: 'off',
          BOOTH_MAIL_RETRY_MAX_SECONDS: '1',
          BOOTH_MAIL_GIVE_UP_SECONDS: '10',
          ...smtpEnv(port),
        },
      });
      try {
        const id = await createJob(server.url, undefined, 'pop-art', 'gala');
        await waitForJob(server.url, id);
        expect((await askEmail(server.url, id, { address: GUEST })).status).toBe(202);
        await expect
          .poll(() => /mail: gave up on message \d+ for job/.test(server.output()), { timeout: patience(20_000) })
          .toBe(true);
        const lines = server
          .output()
          .split('\n')
          .filter((l) => l.includes('gave up'));
        expect(lines).toHaveLength(1);
        expect(lines[0]).not.toContain(GUEST);
        expect(outboxRows(server.dataDir)).toEqual([]);
      } finally {
        await server.stop();
      }
    },
    patience(60_000),
  );
});
