// Publishing from the console against the real server, its SQLite file and real builds into a
// temporary site folder: the changed tenants are found, one tenant is published without a
// restart and comes out as a full build makes it, byte for byte; one run at a time; a broken
// build leaves the served pages and says why; a tenant's bundle downloads; the CLI publishes.
// One server and its builds are shared by the whole file (a full build takes seconds).
import fs from 'node:fs';
import path from 'node:path';
import { list } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../support/server-process.ts';
import { rendererDirFor } from '../../../scripts/pipeline/render-tenants.ts';
import { RENDERER_META } from '../../../scripts/pipeline/keep-renderer.ts';
import type { PublishRun as Run } from '../../../contract/console-api.ts';
import { DEMO_TENANT_SLUGS } from '../../../contract/site-data.ts';
import { call, signIn, tenantCli } from './support/console.ts';
import { finishedRun, removeRenderer, startPublishingBooth } from './support/publishing.ts';

/** Every file under `dir`, relative, sorted. */
const filesOf = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();

describe('publishing from the console', () => {
  let server: RunningServer;
  let operator: string;
  let staff: string;
  let dir: string;
  let siteDir: string;
  beforeAll(async () => {
    ({ server, dir, siteDir } = await startPublishingBooth('admin-publish'));
    operator = await signIn(server.url);
    const password = 'aurora-staff-password';
    expect(
      (
        await call(server.url, 'POST', '/accounts', {
          cookie: operator,
          body: { username: 'aurora-staff', password, role: 'tenant', tenant: 'aurora' },
        })
      ).status,
    ).toBe(201);
    staff = await signIn(server.url, 'aurora-staff', password);
  });
  afterAll(async () => {
    await server?.stop();
    removeRenderer(siteDir);
  });
  const api = <T = Record<string, unknown>>(method: string, p: string, body?: unknown, cookie = operator) =>
    call<T>(server.url, method, p, { cookie, body });
  const finished = (run: Run, cookie = operator) => finishedRun(server.url, cookie, run);
  const page = async (p: string) => (await fetch(`${server.url}${p}`)).text();

  it('keeps a tenant account to its own tenant (403), and knows nothing is built yet', async () => {
    expect((await api('GET', '/publish', undefined, staff)).body).toEqual({
      changed: ['aurora'],
      removed: [],
      running: null,
      last: null,
    });
    const other = await api('POST', '/publish', { tenants: ['meadow'] }, staff);
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('This account manages the tenant "aurora" only.');
    expect((await api('POST', '/publish', { tenants: ['aurora', 'meadow'] }, staff)).status).toBe(403);
    expect((await api('POST', '/publish', { all: true }, staff)).status).toBe(403);
    expect((await api('GET', '/tenants/meadow/bundle.tar.gz', undefined, staff)).status).toBe(403);
    const unbuilt = await api('GET', '/tenants/aurora/bundle.tar.gz');
    expect(unbuilt.status).toBe(409);
    expect(unbuilt.body.error).toBe('The site has not been built yet; publish it first.');
    expect((await api('POST', '/publish', { tenants: ['no-such-tenant'] })).status).toBe(404);
    expect((await api('POST', '/publish', { tenants: ['Bad Slug'] })).status).toBe(400);
    expect((await api('POST', '/publish', { all: 'yes' })).status).toBe(400);
    expect((await api('GET', '/publish/no-such-run')).status).toBe(404);
  });

  it('publishes everything first (the changed tenants are all of them), one run at a time', async () => {
    const before = await api<{ changed: string[] }>('GET', '/publish');
    expect(before.body.changed).toEqual(['default', ...DEMO_TENANT_SLUGS]);
    const started = await api<Run>('POST', '/publish', {});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', tenants: 'all', finishedAt: null, error: null });
    const second = await api<{ error: string; run: Run }>('POST', '/publish', { tenants: ['aurora'] });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('A publish is running already; wait for it to finish, then publish again.');
    expect(second.body.run.id).toBe(started.body.id);
    const run = await finished(started.body);
    expect(run).toMatchObject({ status: 'succeeded', error: null, progress: { done: 4, total: 4, step: 'Published' } });
    expect((await api('GET', '/publish')).body).toMatchObject({
      changed: [],
      running: null,
      last: { id: run.id, status: 'succeeded' },
    });
    expect(await page('/aurora/')).toContain('Aurora');
  });

  it('publishes one changed tenant: the booth serves its new page without a restart, as a full build makes it', async () => {
    const set = await api(
      'PUT',
      '/tenants/aurora',
      // A language menu too: its French page set (and that language's Not Found page) rendered alone.
      {
        client: 'Aurora <Northern> Lights',
        viewFinderTitle: 'Hello from the north',
        countdownSeconds: 3,
        languages: ['en', 'fr'],
      },
      staff,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await api('GET', '/publish', undefined, staff)).body).toMatchObject({ changed: ['aurora'] });
    const meadowBefore = fs.statSync(path.join(siteDir, 'meadow', 'index.html')).mtimeMs;

    const started = await api<Run>('POST', '/publish', {}, staff);
    expect(started.status).toBe(202);
    expect(started.body.tenants).toEqual(['aurora']);
    const run = await finished(started.body, staff);
    expect(run.status, run.error ?? '').toBe('succeeded');
    const served = await page('/aurora/');
    expect(served).toContain('Hello from the north');
    expect(served).toContain('Aurora &lt;Northern&gt; Lights');
    const notFound = await fetch(`${server.url}/aurora/fr/nowhere`);
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).toContain('lang="fr"');
    // The other tenants' pages were not written again.
    expect(fs.statSync(path.join(siteDir, 'meadow', 'index.html')).mtimeMs).toBe(meadowBefore);
    expect((await api('GET', '/publish')).body).toMatchObject({ changed: [] });

    // The same data built whole: every file of aurora's page set, and the site's shared files, the same bytes.
    const copy = path.join(dir, 'aurora-published');
    fs.cpSync(path.join(siteDir, 'aurora'), copy, { recursive: true });
    const shared = ['booth.csp', '_redirects', '_headers', 'booth.nginx.conf'].map((f) =>
      fs.readFileSync(path.join(siteDir, f), 'utf8'),
    );
    const siteData = JSON.parse(fs.readFileSync(path.join(dir, 'tenants.generated.json'), 'utf8'));
    const full = await finished((await api<Run>('POST', '/publish', { all: true })).body);
    expect(full.status, full.error ?? '').toBe('succeeded');
    expect(filesOf(copy)).toEqual(filesOf(path.join(siteDir, 'aurora')));
    for (const file of filesOf(copy)) {
      expect(
        fs.readFileSync(path.join(copy, file)).equals(fs.readFileSync(path.join(siteDir, 'aurora', file))),
        file,
      ).toBe(true);
    }
    expect(
      ['booth.csp', '_redirects', '_headers', 'booth.nginx.conf'].map((f) =>
        fs.readFileSync(path.join(siteDir, f), 'utf8'),
      ),
    ).toEqual(shared);
    // The site data differs only in when it was made.
    expect({
      ...JSON.parse(fs.readFileSync(path.join(dir, 'tenants.generated.json'), 'utf8')),
      generatedAt: 0,
    }).toEqual({ ...siteData, generatedAt: 0 });
  });

  it('leaves the served pages as they were when the build fails, and says why', async () => {
    expect((await api('PUT', '/tenants/meadow', { client: 'Meadow Renamed' })).status).toBe(200);
    // The renderer the last full build kept, broken: its entry no longer parses.
    const { entry } = JSON.parse(fs.readFileSync(path.join(rendererDirFor(siteDir), RENDERER_META), 'utf8')) as {
      entry: string;
    };
    const entryFile = path.join(rendererDirFor(siteDir), entry);
    const kept = fs.readFileSync(entryFile);
    fs.writeFileSync(entryFile, 'export const app = ;');
    try {
      const run = await finished((await api<Run>('POST', '/publish', { tenants: ['meadow'] })).body);
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(
        /^The site build failed\. The pages of meadow could not be rendered with the renderer the last full build kept \(.*token.*\)\. Publish every tenant to build the site and its renderer again\. The previous site and tenants\.generated\.json were left as they were\.$/,
      );
      expect(await page('/meadow/')).not.toContain('Meadow Renamed');
      expect((await api('GET', '/publish')).body).toMatchObject({
        changed: ['meadow'],
        last: { id: run.id, status: 'failed' },
      });
    } finally {
      fs.writeFileSync(entryFile, kept);
    }
  });

  it('publishes from the CLI, printing the steps', async () => {
    const published = await tenantCli(['publish', 'meadow'], { BOOTH_URL: server.url });
    expect(published.stderr).toBe('');
    expect(published.code).toBe(0);
    expect(published.stdout).toMatch(/^Publishing meadow…\n {2}\[\d\/4\] .+\n[\s\S]*Published meadow\.\n$/);
    expect(await page('/meadow/')).toContain('Meadow Renamed');
    const unknown = await tenantCli(['publish', 'no-such-tenant'], { BOOTH_URL: server.url });
    expect(unknown).toMatchObject({ code: 1, stderr: 'There is no tenant "no-such-tenant".\n' });
    const both = await tenantCli(['publish', '--all', 'meadow'], { BOOTH_URL: server.url });
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/^Give either --all or slugs, not both\./);
    const nothing = await tenantCli(['publish'], { BOOTH_URL: server.url });
    expect(nothing).toMatchObject({
      code: 1,
      stderr: 'Nothing has changed since the last build. Name the tenants to publish, or publish all of them.\n',
    });
  });

  it('takes the pages of a deleted tenant down at once, lists it as removed, and drops it from the site data at the next publish', async () => {
    expect(await page('/gala/')).toContain('Gala Night');
    expect((await api('DELETE', '/tenants/gala')).status).toBe(204);
    // At once: its address answers as an unknown tenant's (the default booth), before any publish.
    expect(fs.existsSync(path.join(siteDir, 'gala'))).toBe(false);
    expect(await page('/gala/')).not.toContain('Gala Night');
    expect((await api('GET', '/publish')).body).toMatchObject({ changed: [], removed: ['gala'] });
    const run = await finished((await api<Run>('POST', '/publish', {})).body);
    expect(run).toMatchObject({ status: 'succeeded', tenants: ['gala'] });
    expect(fs.existsSync(path.join(siteDir, 'gala'))).toBe(false);
    expect(fs.existsSync(path.join(siteDir, 'aurora', 'index.html'))).toBe(true);
    const siteData = JSON.parse(fs.readFileSync(path.join(dir, 'tenants.generated.json'), 'utf8')) as {
      tenants: { slug: string }[];
    };
    expect(siteData.tenants.map((t) => t.slug)).toEqual(DEMO_TENANT_SLUGS.filter((slug) => slug !== 'gala'));
    expect((await api('GET', '/publish')).body).toMatchObject({ changed: [], removed: [] });
  });

  it("downloads a tenant's bundle: a tar.gz holding its pages at the root", async () => {
    const res = await fetch(`${server.url}/admin/api/tenants/aurora/bundle.tar.gz`, { headers: { cookie: staff } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="aurora-site.tar.gz"');
    const archive = path.join(dir, 'aurora.tar.gz');
    fs.writeFileSync(archive, Buffer.from(await res.arrayBuffer()));
    const entries: string[] = [];
    await list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(
      expect.arrayContaining([
        'index.html',
        'camera/index.html',
        'styles/index.html',
        'results/index.html',
        '_redirects',
      ]),
    );
    // The console is the server's only: nothing of it in a tenant's bundle.
    expect(entries.filter((e) => /^(\.\/)?admin\b/.test(e) || /console-[\w-]+\.js$/.test(e))).toEqual([]);
    const files = new Map<string, string>();
    await list({
      file: archive,
      onReadEntry: (entry) => {
        if (entry.path !== 'index.html') return entry.resume();
        let text = '';
        entry.on('data', (chunk: Buffer) => (text += chunk.toString()));
        entry.on('end', () => files.set(entry.path, text));
      },
    });
    expect(files.get('index.html')).toContain('Hello from the north');
  });
});
