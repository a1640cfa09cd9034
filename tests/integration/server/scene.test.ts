// A tenant's backdrops for the branded scene, end to end on the embedded server: uploaded in the
// console like a background (checked, stored as a JPEG, added to the branding's sceneUrls, the
// first also its sceneUrl), then a branded-scene job created with the tenant's slug is drawn on
// the backdrop it picks (the first when it picks none); a job of no tenant, or of a tenant without
// a backdrop, is drawn on the booth's own scene. Hostile uploads and a bad pick get a 4xx.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUS } from '../../../contract/index.ts';
import { startServer, type RunningServer } from '../../support/server-process.ts';
import { call, signIn } from './support/console.ts';
import { dataUrl, fixture, postJob, waitForJob } from './support/client.ts';
import { pixelsOf, distance } from './support/pixels.ts';

/** A flat magenta set, larger than the store keeps: it comes back at most 2048 px. */
const MAGENTA = [200, 40, 160] as const;
/** The second backdrop: a flat teal set. */
const TEAL = [20, 150, 140] as const;
const flat = ([r, g, b]: readonly number[], width = 1200, height = 1500) =>
  sharp({ create: { width, height, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer();

describe('a tenant backdrop for the branded scene', () => {
  let server: RunningServer;
  let operator: string;
  beforeAll(async () => {
    server = await startServer({ env: { BOOTH_CLIENT_JOBS_PER_MINUTE: '100', BOOTH_HTTPS: 'off' } });
    operator = await signIn(server.url);
    expect(
      (await call(server.url, 'POST', '/tenants', { cookie: operator, body: { slug: 'harbour', client: 'Harbour' } }))
        .status,
    ).toBe(201);
  });
  afterAll(() => server?.stop());
  const upload = (body: Buffer | string, slug = 'harbour') =>
    call(server.url, 'PUT', `/tenants/${slug}/files/scene`, {
      cookie: operator,
      body,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const create = async (tenant: string | undefined, backdrop?: number) => {
    const res = await postJob(server.url, {
      style_id: 'branded-scene',
      image: dataUrl(fixture('grace_hopper.jpg')),
      ...(tenant ? { tenant } : {}),
      ...(backdrop === undefined ? {} : { backdrop }),
    });
    const body = (await res.json()) as { id: string; error?: string };
    expect(res.status, body.error).toBe(201);
    const job = await waitForJob(server.url, body.id);
    expect(job.result.status, job.result.message).toBe(JOB_STATUS.completed);
    return pixelsOf(job.images[0]!);
  };

  it('stores an uploaded scene as a JPEG under a new name and names it in the branding', async () => {
    const set = await sharp({
      create: { width: 3000, height: 3600, channels: 3, background: { r: MAGENTA[0], g: MAGENTA[1], b: MAGENTA[2] } },
    })
      .png()
      .toBuffer();
    const res = await upload(set);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sceneUrl = (res.body.branding as { sceneUrl: string }).sceneUrl;
    expect(sceneUrl).toMatch(/^harbour\/scene-[0-9a-f]{12}\.jpg$/);
    const stored = await sharp(fs.readFileSync(path.join(server.dataDir, 'tenant-assets', sceneUrl))).metadata();
    expect([stored.format, Math.max(stored.width!, stored.height!)]).toEqual(['jpeg', 2048]);
    // The console shows it under the field it fills.
    expect((await call(server.url, 'GET', '/tenants/harbour', { cookie: operator })).body).toMatchObject({
      branding: { sceneUrl },
    });
  });

  it("draws the tenant's branded-scene jobs on its backdrop, and others on the booth's own scene", async () => {
    const tenant = await create('harbour');
    // The top corners are backdrop, far from the guest and above the shadow.
    for (const [x, y] of [
      [0.03, 0.03],
      [0.97, 0.03],
    ] as const)
      expect(distance(tenant.at(x, y), MAGENTA)).toBeLessThan(20);
    for (const other of [await create(undefined), await create('aurora')]) {
      expect(distance(other.at(0.03, 0.03), MAGENTA)).toBeGreaterThan(100);
      expect(other.meanDifference(tenant, [0, 0, 1, 0.2])).toBeGreaterThan(40);
    }
  });

  it('refuses an SVG, a file that is not an image, and a tenant that does not exist', async () => {
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(svg.status).toBe(415);
    expect(svg.body).toMatchObject({ fields: { sceneUrls: [expect.stringMatching(/^SVG images are not accepted/)] } });
    expect((await upload('GIF89a not a scene')).status).toBe(415);
    expect((await upload(fixture('astronaut.jpg'), 'no-such-tenant')).status).toBe(404);
  });

  it('refuses a sceneUrl outside the bucket like the other image fields', async () => {
    const res = await call(server.url, 'PUT', '/tenants/harbour', {
      cookie: operator,
      body: { client: 'Harbour', sceneUrl: '../../etc/passwd' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fields: { sceneUrl: [expect.stringMatching(/^Scene is not an image name inside the bucket/)] },
    });
  });

  it('adds a second upload as a second backdrop, keeps both files, and draws each job on the one it picks', async () => {
    const first = (await call(server.url, 'GET', '/tenants/harbour', { cookie: operator })).body.branding as {
      sceneUrl: string;
    };
    const res = await upload(await flat(TEAL));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { sceneUrls, sceneUrl } = res.body.branding as { sceneUrls: string[]; sceneUrl: string };
    expect(sceneUrls).toHaveLength(2);
    expect([sceneUrls[0], sceneUrl]).toEqual([first.sceneUrl, first.sceneUrl]);
    for (const name of sceneUrls) expect(fs.existsSync(path.join(server.dataDir, 'tenant-assets', name))).toBe(true);
    const picked = await create('harbour', 1);
    const unpicked = await create('harbour');
    for (const x of [0.03, 0.97]) {
      expect(distance(picked.at(x, 0.03), TEAL), `picked at ${x}`).toBeLessThan(20);
      expect(distance(unpicked.at(x, 0.03), MAGENTA), `first at ${x}`).toBeLessThan(20);
    }
    // A backdrop the tenant does not have (a page built before one was removed): the first.
    expect(distance((await create('harbour', 3)).at(0.03, 0.03), MAGENTA)).toBeLessThan(20);
  });

  it('refuses a backdrop that is no place in a list, and a fifth backdrop, each with a sentence', async () => {
    for (const backdrop of ['stage', -1, 4, 1.5]) {
      const res = await postJob(server.url, {
        style_id: 'branded-scene',
        image: dataUrl(fixture('grace_hopper.jpg')),
        tenant: 'harbour',
        backdrop,
      });
      expect(res.status, String(backdrop)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(
        /^backdrop must be the place of one of the tenant's backdrops, a whole number from 0 to 3\./,
      );
    }
    for (const colour of [
      [10, 10, 200],
      [200, 200, 10],
    ])
      expect((await upload(await flat(colour, 600, 750))).status).toBe(200);
    const fifth = await upload(await flat([90, 90, 90], 600, 750));
    expect(fifth.status).toBe(409);
    expect(fifth.body).toMatchObject({
      error: expect.stringMatching(/^The tenant has 4 backdrops, the most it can offer; remove one/),
      fields: { sceneUrls: [expect.any(String)] },
    });
  });
});
