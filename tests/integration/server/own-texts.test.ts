// A tenant's own texts through the console API and a publish, against the real server and real
// builds into a temporary site folder: a text the rule refuses is a 400 naming the text in words,
// a button text that would not fit is saved and reported as the build reports its problems, and
// the published pages carry the tenant's words baked in, in place of the catalogue's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../support/server-process.ts';
import type { PublishRun as Run } from '../../../contract/console-api.ts';
import { CATALOGUES } from '../../../contract/i18n/index.ts';
import { call, signIn } from './support/console.ts';
import { finishedRun, removeRenderer, startPublishingBooth } from './support/publishing.ts';

const SLUG = 'mots';
const LONG_TAKE_PHOTO = 'Souriez bien fort et prenez la plus belle photo de votre vie';

describe("a tenant's own texts", () => {
  let server: RunningServer;
  let operator: string;
  let siteDir: string;
  beforeAll(async () => {
    ({ server, siteDir } = await startPublishingBooth('own-texts'));
    operator = await signIn(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    if (siteDir) removeRenderer(siteDir);
  });
  const api = <T = Record<string, unknown>>(method: string, p: string, body?: unknown) =>
    call<T>(server.url, method, p, { cookie: operator, body });
  const page = async (p: string) => (await fetch(`${server.url}${p}`)).text();

  it('refuses a text with markup, another place to fill or a text the booth does not have, naming it in words', async () => {
    const tenant = (textOverrides: unknown) => ({ slug: SLUG, client: 'Mots', language: 'fr', textOverrides });
    const markup = await api<{ error: string; fields: Record<string, string[]> }>(
      'POST',
      '/tenants',
      tenant({ fr: { 'spec.start': '<b>On y va</b>' } }),
    );
    expect(markup.status).toBe(400);
    expect(markup.body.fields.textOverrides).toEqual([
      'Own texts: Français (fr), “Start” on the intro screen holds markup (a <tag> or an &entity;); write plain text.',
    ]);
    const places = await api<{ fields: Record<string, string[]> }>(
      'POST',
      '/tenants',
      tenant({ fr: { 'resultsEvent.triesLeftMany': 'Encore des styles à essayer' } }),
    );
    expect(places.status).toBe(400);
    expect(places.body.fields.textOverrides).toEqual([
      'Own texts: Français (fr), “{n} more styles to try with this photo.” on the results screen must hold the same places to fill as the default ({n}); it holds none.',
    ]);
    const unknown = await api<{ fields: Record<string, string[]> }>(
      'POST',
      '/tenants',
      tenant({ fr: { 'spec.startNow': 'Go' } }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.textOverrides).toEqual([
      'Own texts name a text the booth does not have, "spec.startNow".',
    ]);
    expect((await api('GET', `/tenants/${SLUG}`)).status).toBe(404);
  });

  it('saves a button text that would not fit, and tells it as a problem of the build', async () => {
    const created = await api<{ problems: string[] }>('POST', '/tenants', {
      slug: SLUG,
      client: 'Mots',
      language: 'fr',
      textOverrides: { fr: { 'spec.start': 'On y va', 'spec.takePhoto': LONG_TAKE_PHOTO } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const fit =
      'Tenant "Mots" ("mots"): warning: Own texts: Français (fr), “Take Photo” on the camera screen would not fit its button on a 320 px wide screen: it takes 3 lines of 174 px, and a button has room for 2.';
    expect((await api<{ problems: string[] }>('GET', `/tenants/${SLUG}`)).body.problems).toEqual([fit]);

    const started = await api<Run>('POST', '/publish', {});
    expect(started.status).toBe(202);
    const run = await finishedRun(server.url, operator, started.body);
    expect(run.status, run.error ?? '').toBe('succeeded');
    expect(run.problems).toContain(fit);
  });

  it("bakes the tenant's words into its published pages, and leaves every other tenant's as they were", async () => {
    const intro = await page(`/${SLUG}/`);
    expect(intro).toContain('>On y va</a>');
    expect(intro).not.toContain(`>${CATALOGUES.fr.spec.start}</a>`);
    expect(intro).toContain('lang="fr"');
    const camera = await page(`/${SLUG}/camera/`);
    expect(camera).toContain(LONG_TAKE_PHOTO);
    expect(camera).not.toContain(CATALOGUES.fr.spec.takePhoto);
    // Nothing of it is fetched at run time: the words are in the page itself, and only there.
    expect(await page('/aurora/')).toContain(`>${CATALOGUES.en.spec.start}</a>`);
    expect(await page('/lumiere/')).toContain(`>${CATALOGUES.fr.spec.start}</a>`);
  });

  it('puts a changed text on the booth at the next publish', async () => {
    const saved = await api<{ branding: Record<string, unknown> }>('GET', `/tenants/${SLUG}`);
    const put = await api('PUT', `/tenants/${SLUG}`, {
      ...saved.body.branding,
      textOverrides: { fr: { 'spec.start': 'Commençons' } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await page(`/${SLUG}/`)).toContain('>On y va</a>');
    const started = await api<Run>('POST', '/publish', { tenants: [SLUG] });
    expect(started.status).toBe(202);
    const run = await finishedRun(server.url, operator, started.body);
    expect(run.status, run.error ?? '').toBe('succeeded');
    expect(run.problems).toEqual([]);
    const intro = await page(`/${SLUG}/`);
    expect(intro).toContain('>Commençons</a>');
    expect(await page(`/${SLUG}/camera/`)).toContain(CATALOGUES.fr.spec.takePhoto);
  });
});
