// The AI hub answers a guest in the language of the page that calls it (Accept-Language, which
// the site sets to its page's language): a job's error, and its refusals. A real server, a real
// job on the engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES } from '../../../contract/i18n/index.ts';
import { JOB_STATUS } from '../../../contract/index.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { createJob, fixture, waitForJob } from './support/client.ts';

describe("the AI hub in the guest's language", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  const jobIn = async (id: string, language?: string) => {
    const res = await fetch(`${server.url}/transformations/jobs/${id}/`, {
      headers: language ? { 'Accept-Language': language } : {},
    });
    return { status: res.status, body: (await res.json()) as { error?: string; result?: { message: string } } };
  };

  it("tells a job's error in the language the page asks for, and in English otherwise", async () => {
    const id = await createJob(server.url, fixture('coffee.jpg'));
    const job = await waitForJob(server.url, id);
    expect(job.result).toEqual({ status: JOB_STATUS.error, message: CATALOGUES.en.guest.noPerson });
    expect((await jobIn(id, 'ar')).body.result?.message).toBe(CATALOGUES.ar.guest.noPerson);
    expect((await jobIn(id, 'fr-FR,fr;q=0.9')).body.result?.message).toBe(CATALOGUES.fr.guest.noPerson);
    // A language the booth does not have: English.
    expect((await jobIn(id, 'ja')).body.result?.message).toBe(CATALOGUES.en.guest.noPerson);
  });

  it('refuses in the language the page asks for', async () => {
    expect(await jobIn('no-such-job', 'de')).toEqual({ status: 404, body: { error: CATALOGUES.de.guest.noSuchJob } });
    expect(await jobIn('no-such-job')).toEqual({ status: 404, body: { error: CATALOGUES.en.guest.noSuchJob } });
  });

  it("says in the guest's language that this booth sends no email", async () => {
    const res = await fetch(`${server.url}/transformations/jobs/any/email/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Accept-Language': 'es' },
      body: JSON.stringify({ address: 'guest@example.com' }),
    });
    // No mail server in this run (BOOTH_SMTP_HOST unset).
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toBe(CATALOGUES.es.guest.emailNoMail);
  });
});
