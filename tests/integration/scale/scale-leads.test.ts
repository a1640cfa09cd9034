// Opt-in leads on the scale-out path: two API nodes and a control node, each a process of its own,
// on a real redis-server and a real S3-compatible store. Every API node answers a guest's form as
// the embedded server does (the same checks, statuses and sentences; the limits counted in Redis
// for every node together), queues the lead in Redis, and the control node stores it in its SQLite
// file, where the console's CSV reads it. A lead sent while the control node is down waits in
// Redis and is stored when it starts again on its data folder; once stored, nothing of it is left
// in Redis, and no node's log ever holds it.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEXT, LEAD_TEXT, VISITOR_HEADER, leadPath } from '../../../contract/index.ts';
import { LEAD_MESSAGES } from '../../../server/hosts/leads.ts';
import { patience } from '../../support/patience.ts';
import { printed, startCluster, type Cluster } from '../../support/scale-cluster.ts';
import type { RunningServer } from '../../support/server-process.ts';
import { signIn } from '../server/support/console.ts';
import { askToken } from '../server/support/visitors.ts';

let cluster: Cluster;
let control: RunningServer;
let nodeA: RunningServer;
let nodeB: RunningServer;
let redis: Redis;

/** A guest of their own per test: a name and an address found nowhere else. */
const guest = (tag: string) => ({
  name: `Guest ${tag} ${Date.now().toString(36)}`,
  email: `${tag}-${Date.now().toString(36)}@example.com`,
  company: 'Analytical Engines',
  consent: true,
});

const sendLead = (url: string, tenant: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url + leadPath(tenant), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function csvOf(url: string): Promise<string> {
  const res = await fetch(`${url}/admin/api/tenants/gala/leads.csv`, { headers: { cookie: await signIn(url) } });
  expect(res.status).toBe(200);
  return res.text();
}

/** Every value kept in Redis, as text: what a lead would leave behind. */
async function everythingInRedis(): Promise<string> {
  const parts: string[] = [];
  for (const key of await redis.keys('*')) {
    const type = await redis.type(key);
    if (type === 'string') parts.push(String(await redis.getBuffer(key)));
    else if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
    else if (type === 'list') parts.push(JSON.stringify(await redis.lrange(key, 0, -1)));
    else if (type === 'set') parts.push(JSON.stringify(await redis.smembers(key)));
    else if (type === 'zset') parts.push(JSON.stringify(await redis.zrange(key, 0, -1)));
    else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
  }
  return parts.join('\n');
}

beforeAll(async () => {
  cluster = await startCluster({ apis: 2, workers: 0 });
  [nodeA, nodeB] = cluster.apis as [RunningServer, RunningServer];
  control = await cluster.startControl();
  redis = new Redis(cluster.redis.url);
  // The API nodes know Gala Night's lead fields once the control node has written them to Redis.
  const end = Date.now() + patience(10_000);
  for (const node of [nodeA, nodeB])
    while ((await sendLead(node.url, 'gala', {})).status !== 400) {
      if (Date.now() > end) throw new Error("An API node never learnt Gala Night's lead fields from Redis");
      await new Promise((r) => setTimeout(r, 100));
    }
});
afterAll(async () => {
  redis?.disconnect();
  await cluster?.close();
});

describe('opt-in leads on API nodes', () => {
  it('stores a lead sent through node A and one through node B in the control node, leaving nothing in Redis or a log', async () => {
    const ada = guest('ada');
    const grace = guest('grace');
    const throughA = await sendLead(nodeA.url, 'gala', ada);
    expect(throughA.status, await throughA.clone().text()).toBe(201);
    expect(await throughA.json()).toEqual({ stored: true });
    const throughB = await sendLead(nodeB.url, 'gala', grace);
    expect(throughB.status).toBe(201);

    await expect.poll(() => csvOf(control.url), { timeout: patience(10_000) }).toContain(`"${grace.name}"`);
    const csv = await csvOf(control.url);
    expect(csv).toContain(`"${ada.name}","${ada.email}","Analytical Engines","yes"`);
    expect(csv).toContain(`"${grace.name}","${grace.email}","Analytical Engines","yes"`);

    const kept = await everythingInRedis();
    for (const value of [ada.name, ada.email, grace.name, grace.email]) {
      expect(kept).not.toContain(value);
      for (const node of [nodeA, nodeB, control]) expect(node.output()).not.toContain(value);
    }
  });

  it('refuses bad input on an API node with the embedded server’s statuses and sentences', async () => {
    const ada = guest('bad');
    const notASlug = await sendLead(nodeA.url, 'Not_A_Slug', ada);
    expect(notASlug.status).toBe(400);
    const unknown = await sendLead(nodeA.url, 'no-such-tenant', ada);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: LEAD_MESSAGES.noTenant('no-such-tenant') });
    const off = await sendLead(nodeA.url, 'aurora', ada);
    expect(off.status).toBe(409);
    expect(await off.json()).toEqual({ error: LEAD_MESSAGES.off });
    const text = await fetch(nodeA.url + leadPath('gala'), { method: 'POST', body: 'name=Ada' });
    expect(text.status).toBe(415);
    const shape = await sendLead(nodeA.url, 'gala', { name: 42, consent: 'yes' });
    expect(shape.status).toBe(400);
    expect(await shape.json()).toEqual({ error: LEAD_MESSAGES.shape });

    for (const [body, field, sentence] of [
      [{ ...ada, name: 'Ada\nBcc: victim@example.org' }, 'name', LEAD_TEXT.oneLine],
      [{ ...ada, email: 'ada@example.com\r\nSubject: spam' }, 'email', EMAIL_TEXT.addressOneLine],
      [{ ...ada, name: 'a'.repeat(10_000) }, 'name', 'That name is too long; it can be at most 100 characters.'],
    ] as const) {
      const res = await sendLead(nodeB.url, 'gala', body);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(answer.fields[field]).toBe(sentence);
    }
    expect(await csvOf(control.url)).not.toContain(ada.email);
  });

  it('counts one visitor’s leads across both API nodes', async () => {
    const { body } = await askToken(nodeA.url);
    const visitor = { [VISITOR_HEADER]: body.token! };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await sendLead(i % 2 ? nodeB.url : nodeA.url, 'gala', guest(`v${i}`), visitor)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await sendLead(nodeB.url, 'gala', guest('late'), visitor);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^You sent your details several times just now\. Please try again in \d+ seconds\.$/,
    );
    const bad = await sendLead(nodeB.url, 'gala', guest('forged'), { [VISITOR_HEADER]: 'forged' });
    expect(bad.status).toBe(401);
  });

  it('keeps a lead sent while the control node is down in Redis, and stores it when the control node starts again', async () => {
    const dataDir = control.dataDir;
    await control.stop();
    const waiting = guest('waiting');
    const res = await sendLead(nodeA.url, 'gala', waiting);
    expect(res.status).toBe(201);
    // In Redis, and only there, until a control node takes it.
    expect(await everythingInRedis()).toContain(waiting.email);

    control = await cluster.startControl(dataDir);
    await printed(control, /leads: 1 lead\(s\) waiting in Redis from while this node was away/);
    await expect.poll(() => csvOf(control.url), { timeout: patience(10_000) }).toContain(`"${waiting.email}"`);
    // The leads stored before the restart are still there.
    expect((await csvOf(control.url)).match(/"Guest ada /g)).toHaveLength(1);
    await expect.poll(everythingInRedis).not.toContain(waiting.email);
    for (const node of [nodeA, nodeB, control]) expect(node.output()).not.toContain(waiting.email);
  });
});
