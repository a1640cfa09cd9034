// Debian's redis-server on a loopback port, with its append-only file on as production runs it
// (docs/deploy.md): a restart on the same folder keeps every job.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { freePort } from './network.ts';
import { patience } from './patience.ts';

export const REDIS_PATH = process.env.REDIS_PATH || '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  port: number;
  /** SIGTERM: Redis writes its append-only file and stops, as a restart or an upgrade does. */
  stop(): Promise<void>;
  /** Starts again on the same port and folder. */
  restart(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startRedis(dir: string): Promise<RedisServer> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  let child: ChildProcess | null = null;
  let stderr = '';
  async function start() {
    child = spawn(
      REDIS_PATH,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--save',
        '',
        '--daemonize',
        'no',
        '--protected-mode',
        'yes',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child.stderr!.on('data', (d) => (stderr += d));
    for (const end = Date.now() + patience(10_000); Date.now() < end; ) {
      if (child.exitCode !== null) throw new Error(`redis-server stopped at once (exit ${child.exitCode}): ${stderr}`);
      if (await ping(port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  }
  async function stop() {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
  };
}
