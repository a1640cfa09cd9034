// A scale-out deployment on this machine: a real redis-server, a real S3-compatible server, and
// booth API nodes and workers as separate processes (`node server/main.ts --role api|worker`).
import fs from 'node:fs';
import path from 'node:path';
import { newDataDir, startServer, type RunningServer } from './server-process.ts';
import { startRedis, type RedisServer } from './redis.ts';
import { startS3, type S3Server } from './s3.ts';
import { startOpenAiStandIn, type OpenAiStandIn } from './stand-ins/openai.ts';
import { patience } from './patience.ts';

/** A generative style on the OpenAI stand-in (a slow one keeps a worker busy) and two local ones (a brand frame goes on comic). */
export const MIXED_STYLES = {
  styles: [
    {
      id: 'anime',
      description: 'Anime hero',
      prompt: 'Turn the person into an anime hero',
      engine: 'openai',
      options: { model: 'gpt-image-1' },
    },
    { id: 'die-cut-sticker', engine: 'local' },
    { id: 'comic', engine: 'local' },
  ],
};

export interface Cluster {
  redis: RedisServer;
  s3: S3Server;
  openai: OpenAiStandIn;
  apis: RunningServer[];
  workers: RunningServer[];
  /** A control node (role all) on the same queue and store; given a data folder, a control node started again on it. */
  startControl(dataDir?: string): Promise<RunningServer>;
  /** One more node, with settings of its own on top of the cluster's. */
  startApi(env?: Record<string, string>): Promise<RunningServer>;
  startWorker(env?: Record<string, string>): Promise<RunningServer>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  apis?: number;
  workers?: number;
  /**
   * `mixed`: the stand-in's generative style and two local ones; `local`: the six local styles, as the
   * built site has them; or a styles file of the test's own.
   */
  styles?: 'mixed' | 'local' | { styles: object[] };
  env?: Record<string, string>;
}

export async function startCluster({
  apis = 2,
  workers = 2,
  styles = 'mixed',
  env = {},
}: ClusterOptions = {}): Promise<Cluster> {
  const dir = newDataDir('scale');
  const [redis, s3, openai] = await Promise.all([
    startRedis(path.join(dir, 'redis')),
    startS3(path.join(dir, 's3')),
    startOpenAiStandIn(),
  ]);
  const stylesFile = path.join(dir, 'styles.json');
  fs.writeFileSync(stylesFile, JSON.stringify(typeof styles === 'object' ? styles : MIXED_STYLES));
  const common = {
    ...s3.env,
    BOOTH_REDIS_URL: redis.url,
    ...(styles !== 'local' ? { BOOTH_STYLES_FILE: stylesFile } : {}),
    BOOTH_OPENAI_API_KEY: openai.key,
    BOOTH_OPENAI_BASE_URL: openai.url,
    BOOTH_WORKERS: '1',
    BOOTH_STALLED_SECONDS: '2',
    BOOTH_SERVICE_TIMEOUT_MS: '2000',
    BOOTH_CLIENT_JOBS: '20',
    BOOTH_CLIENT_JOBS_PER_MINUTE: '600',
    ...env,
  };
  const started: RunningServer[] = [];
  const start = async (role: 'all' | 'api' | 'worker', extra: Record<string, string> = {}, dataDir?: string) => {
    const server = await startServer({
      args: ['--role', role],
      env: { ...common, ...extra },
      dataDir: dataDir ?? newDataDir('scale'),
    });
    started.push(server);
    return server;
  };
  const cluster: Cluster = {
    redis,
    s3,
    openai,
    apis: [],
    workers: [],
    startControl: (dataDir) => start('all', { BOOTH_HTTPS: 'off' }, dataDir),
    startApi: (extra) => start('api', extra),
    startWorker: (extra) => start('worker', extra),
    async close() {
      await Promise.all(started.map((s) => s.stop()));
      await Promise.all([redis.stop(), s3.stop(), openai.close()]);
    },
  };
  cluster.apis = await Promise.all(Array.from({ length: apis }, () => cluster.startApi()));
  cluster.workers = await Promise.all(Array.from({ length: workers }, () => cluster.startWorker()));
  return cluster;
}

/** Resolves once `server` printed a line matching `pattern`. */
export async function printed(server: RunningServer, pattern: RegExp, timeoutMs = patience(20_000)): Promise<string> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const match = pattern.exec(server.output());
    if (match) return match[0];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${server.output().slice(-3000)}`);
}
