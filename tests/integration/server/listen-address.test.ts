// The "listening on" lines name URLs a person (and scripts/start.ts) can open, whatever BOOTH_HOST is.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { newDataDir, REPO_ROOT } from '../../support/server-process.ts';

const hasIpv6Loopback = Object.values(os.networkInterfaces())
  .flat()
  .some((i) => i?.address === '::1');

describe('listening lines', () => {
  // tests/support/server-process.ts waits for a 127.0.0.1 line, so this one starts the server itself.
  it.skipIf(!hasIpv6Loopback)('put an IPv6 BOOTH_HOST in brackets, and the URL answers', async () => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'server/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: '0', BOOTH_HOST: '::1', BOOTH_WORKERS: '1', BOOTH_DATA_DIR: newDataDir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "listening on http" line within 60 s:\n${output}`)),
          60_000,
        );
        child.stdout.on('data', () => {
          const found = /.*listening on http:.*/.exec(output)?.[0];
          if (!found) return;
          clearTimeout(timer);
          resolve(found);
        });
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`the server exited with code ${code}:\n${output}`));
        });
      });
      expect(line).toMatch(/booth server listening on http:\/\/\[::1\]:\d+$/);
      expect(output).toMatch(/booth server listening for phones on https:\/\/\[::1\]:\d+, /);
      const url = /http:\/\/\S+/.exec(line)![0];
      expect((await fetch(`${url}/health`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
