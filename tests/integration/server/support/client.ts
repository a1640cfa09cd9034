// Calls of the spec's call table against a running server, for the integration tests.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'vitest';
import { DEFAULT_SERVICE_PASSWORD, DEFAULT_SERVICE_USERNAME, JobSchema, type Job } from '../../../../contract/index.ts';
import { REPO_ROOT } from '../../../support/server-process.ts';
import { patience } from '../../../support/patience.ts';

export const fixture = (name: string) => fs.readFileSync(path.join(REPO_ROOT, 'tests/fixtures', name));
export const dataUrl = (data: Buffer, type = 'image/jpeg') => `data:${type};base64,${data.toString('base64')}`;

export async function obtainToken(url: string): Promise<string> {
  const res = await fetch(`${url}/jwt/obtain-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEFAULT_SERVICE_USERNAME, password: DEFAULT_SERVICE_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

export function postJob(
  url: string,
  body: unknown,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
) {
  return fetch(`${url}/transformations/jobs/create/`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Creates a job (of a tenant's booth when `tenant` is given) and hands back its id; anything but 201 fails the test. */
export async function createJob(
  url: string,
  photo = fixture('astronaut.jpg'),
  styleId = 'die-cut-sticker',
  tenant?: string,
): Promise<string> {
  const res = await postJob(url, {
    style_id: styleId,
    image: dataUrl(photo),
    ...(tenant === undefined ? {} : { tenant }),
  });
  const body = (await res.json()) as { id: string; error?: string };
  expect(res.status, body.error).toBe(201);
  return body.id;
}

export async function getJob(url: string, id: string, wait?: number): Promise<{ status: number; job: Job }> {
  const res = await fetch(`${url}/transformations/jobs/${id}/${wait ? `?wait=${wait}` : ''}`);
  return { status: res.status, job: JobSchema.parse(await res.json()) };
}

/** Polls until the job is COMPLETED or ERROR. */
export async function waitForJob(url: string, id: string, timeoutMs = patience(60_000)): Promise<Job> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const { status, job } = await getJob(url, id, 5);
    expect(status).toBe(200);
    if (job.result.status === 'COMPLETED' || job.result.status === 'ERROR') return job;
  }
  throw new Error(`job ${id} did not end within ${timeoutMs} ms`);
}

/** A GET whose path is sent exactly as written: fetch would resolve `..` before sending. */
export function rawGet(
  port: number,
  rawPath: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
