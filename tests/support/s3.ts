// An S3-compatible server for the tests: s3rver (npm, MIT) on a loopback port, files in a folder of
// the test's. The booth talks to it with the unchanged AWS SDK, path-style, as to any such store.
import { mkdirSync } from 'node:fs';
import { S3Client, CreateBucketCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './network.ts';

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
  let server: S3rver | null = null;
  async function start() {
    server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir });
    await server.run();
  }
  async function stop() {
    await server?.close();
    server = null;
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
      BOOTH_S3_ENDPOINT: endpoint, BOOTH_S3_BUCKET: bucket, BOOTH_S3_REGION: 'us-east-1', BOOTH_S3_PATH_STYLE: 'on',
      BOOTH_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, BOOTH_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async keys(prefix = '') {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((o) => o.Key!).filter((key) => key !== KEEP_KEY);
    },
    stop,
    start,
  };
}
