// Calls of the operator console's API (/admin/api/) against a running server, with a session
// cookie kept per signed-in account, for the integration tests.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { DEFAULT_SERVICE_PASSWORD, DEFAULT_SERVICE_USERNAME } from '../../../../contract/index.ts';
import { REPO_ROOT } from '../../../support/server-process.ts';

export interface ConsoleAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** `body`: JSON of a value, or a string or bytes sent as they are. */
export async function call<T = Record<string, unknown>>(
  url: string,
  method: string,
  path: string,
  opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ConsoleAnswer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const { body } = opts;
  const sent =
    body === undefined
      ? undefined
      : Buffer.isBuffer(body)
        ? new Uint8Array(body)
        : typeof body === 'string'
          ? body
          : JSON.stringify(body);
  const res = await fetch(`${url}/admin/api${path}`, { method, headers, body: sent });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
}

/** Signs in and hands back the cookie header for the next calls. */
export async function signIn(
  url: string,
  username = DEFAULT_SERVICE_USERNAME,
  password = DEFAULT_SERVICE_PASSWORD,
): Promise<string> {
  const res = await call(url, 'POST', '/session', { body: { username, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const setCookie = res.headers.getSetCookie();
  expect(setCookie).toHaveLength(1);
  return setCookie[0]!.split(';')[0]!;
}

/** `npm run tenant -- ARGS` (the ops CLI) as its own process: its exit code and what it printed. */
export function tenantCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(REPO_ROOT, 'scripts/tenant.ts'), ...args],
      { cwd: REPO_ROOT, env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
