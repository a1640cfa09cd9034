// Debian's nginx serving a folder on a loopback port, with the booth's snippet included the way
// scripts/README.md tells people to: `root <dist>; include <dist>/booth.nginx.conf;`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../../support/network.ts';

export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** `locations`: more location blocks of the server, e.g. a proxy_pass to an API node as a load balancer has it. */
export async function startNginx(siteDir: string, workDir: string, locations: string[] = []): Promise<Nginx> {
  if (!existsSync(NGINX_PATH))
    throw new Error(`No nginx at ${NGINX_PATH}: install Debian's nginx-light or set NGINX_PATH.`);
  mkdirSync(workDir, { recursive: true });
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${join(workDir, name)};`;
  writeFileSync(
    join(workDir, 'nginx.conf'),
    [
      // One process in the foreground, as the user running the tests.
      'daemon off;',
      'master_process off;',
      `pid ${join(workDir, 'nginx.pid')};`,
      `error_log ${join(workDir, 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((n) => `  ${temp(n)}`),
      '  server {',
      `    listen 127.0.0.1:${port};`,
      `    root ${siteDir};`,
      `    include ${join(siteDir, 'booth.nginx.conf')};`,
      ...locations.map((location) => `    ${location}`),
      '  }',
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    NGINX_PATH,
    ['-p', workDir, '-c', join(workDir, 'nginx.conf'), '-e', join(workDir, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx stopped at once (exit ${child.exitCode}): ${stderr}`);
    try {
      await fetch(url, { redirect: 'manual' });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
