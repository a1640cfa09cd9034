// An S3-compatible server for the tests: s3rver (npm, MIT) in a process of its own on a loopback
// port, files in a folder of the test's. The booth talks to it with the unchanged AWS SDK,
// path-style, as to any such store.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { S3Client, CreateBucketCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { freePort } from './network.ts';
import { patience } from './patience.ts';

const SERVER_SCRIPT = join(import.meta.dirname, 's3-process.ts');
const START_TIMEOUT_MS = patience(30_000);

/**
 * s3rver keeps objects as files and removes a folder once its last object is deleted; a photo
 * written into that folder at that moment crashes it (ENOENT on a stream whose error nobody
 * handles). This object keeps photos/ from ever being empty; a real S3 has no folders.
 */
const KEEP_KEY = 'photos/s3rver-keeps-this-folder';

// s3rver's own fixed key pair.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The booth's settings for this store. */
  env: Record<string, string>;
  /** Keys under `prefix` in the bucket. */
  keys(prefix?: string): Promise<string[]>;
  /** Stops answering (the port refuses connections), as an outage does. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same objects. */
  start(): Promise<void>;
}

export async function startS3(dir: string, bucket = 'booth-results'): Promise<S3Server> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  let child: ChildProcess | null = null;
  async function start() {
    const started = spawn(process.execPath, [SERVER_SCRIPT, String(port), dir], { stdio: ['pipe', 'pipe', 'pipe'] });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`s3rver did not start on port ${port}: ${output}`)),
        START_TIMEOUT_MS,
      );
      const read = (data: Buffer) => {
        output += data;
        if (!output.includes('ready')) return;
        clearTimeout(timer);
        resolve();
      };
      started.stdout!.on('data', read);
      started.stderr!.on('data', read);
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver stopped at once (exit ${code}): ${output}`));
      });
    });
  }
  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: KEEP_KEY, Body: new Uint8Array(0), ContentLength: 0 }));
  return {
    endpoint,
    bucket,
    env: {
      BOOTH_S3_ENDPOINT: endpoint,
      BOOTH_S3_BUCKET: bucket,
      BOOTH_S3_REGION: 'us-east-1',
      BOOTH_S3_PATH_STYLE: 'on',
      BOOTH_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      BOOTH_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async keys(prefix = '') {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((o) => o.Key!).filter((key) => key !== KEEP_KEY);
    },
    stop,
    start,
  };
}
