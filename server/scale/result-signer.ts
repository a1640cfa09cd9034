// Signed GET URLs of results, made with the SDK's own presigner (S3RequestPresigner) on a request
// built here, as the presigner's documentation shows. getSignedUrl runs a whole command through the
// client's middleware for each URL: about 1 ms of CPU between a job's completion and its answer,
// and again for every result a gallery lists. Where the bucket is (path-style or virtual-hosted,
// which region signs) is asked of getSignedUrl once, so the SDK's endpoint rules still decide it.
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl, S3RequestPresigner } from '@aws-sdk/s3-request-presigner';

/** The key of the one URL getSignedUrl makes: the rest of its path is the bucket's. */
const PROBE_KEY = 'probe';

/** RFC 3986 escaping, as S3 and SigV4 want it: encodeURIComponent leaves !'()* alone. */
const escapeRfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

interface Where {
  presigner: S3RequestPresigner;
  protocol: string;
  hostname: string;
  port?: number;
  host: string;
  /** The path before a key: "/bucket/" path-style, "/" virtual-hosted. */
  prefix: string;
  region: string;
  service: string;
}

export class ResultSigner {
  #client: S3Client;
  #bucket: string;
  #seconds: number;
  #where: Promise<Where> | null = null;

  constructor(client: S3Client, bucket: string, seconds: number) {
    this.#client = client;
    this.#bucket = bucket;
    this.#seconds = seconds;
  }

  async url(key: string): Promise<string> {
    const where = await (this.#where ??= this.#locate().catch((error: unknown) => {
      // Asked again next time (credentials that were not there yet, say).
      this.#where = null;
      throw error;
    }));
    const signed = await where.presigner.presign(
      {
        method: 'GET',
        protocol: where.protocol,
        hostname: where.hostname,
        port: where.port,
        path: where.prefix + key.split('/').map(escapeRfc3986).join('/'),
        query: {},
        headers: { host: where.host },
      },
      { expiresIn: this.#seconds, signingRegion: where.region, signingService: where.service },
    );
    const query = Object.entries(signed.query ?? {})
      .map(([name, value]) => `${escapeRfc3986(name)}=${escapeRfc3986(String(value))}`)
      .join('&');
    return `${where.protocol}//${where.host}${signed.path}?${query}`;
  }

  async #locate(): Promise<Where> {
    const probe = new URL(
      await getSignedUrl(this.#client, new GetObjectCommand({ Bucket: this.#bucket, Key: PROBE_KEY }), {
        expiresIn: 60,
      }),
    );
    const scope = (probe.searchParams.get('X-Amz-Credential') ?? '').split('/');
    if (!probe.pathname.endsWith(`/${PROBE_KEY}`) || scope.length !== 5)
      throw new Error(`Unexpected signed URL shape: ${probe.origin}${probe.pathname}`);
    return {
      presigner: new S3RequestPresigner({ ...this.#client.config }),
      protocol: probe.protocol,
      hostname: probe.hostname,
      port: probe.port ? Number(probe.port) : undefined,
      host: probe.host,
      prefix: probe.pathname.slice(0, -PROBE_KEY.length),
      region: scope[2]!,
      service: scope[3]!,
    };
  }
}
