// Photos and results in S3-compatible storage (AWS SDK v3): a photo under photos/ until its job
// ends, results under results/{job}/, served by signed URLs or from a public base URL (a CDN).
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import http from 'node:http';
import https from 'node:https';
import type { EngineImage } from '../engine/engine.ts';
import { ResultSigner } from './result-signer.ts';
import { ServiceUnavailableError } from '../jobs/job-backend.ts';
import { extensionOf, imageMimeOfName } from '../files/media-types.ts';
import type { ScaleSettings } from './settings.ts';
import { detailOf, STORE_SERVICE, within } from './service-call.ts';

/**
 * Connections to the store kept open and reused: a job makes three calls on its path (photo in,
 * photo out, result in), and a new connection (a TLS handshake to a real S3) for each would cost
 * more than the call. Enough sockets for a worker's jobs and an API node's uploads at once.
 */
const STORE_SOCKETS = 64;
const agentOptions = { keepAlive: true, maxSockets: STORE_SOCKETS };

/** The photo is gone (deleted, or never stored): its job cannot run. */
export class PhotoMissingError extends Error {
  override name = 'PhotoMissingError';
}

export class S3Store {
  #client: S3Client;
  #bucket: string;
  #publicUrl?: string;
  #signer: ResultSigner;
  #timeoutMs: number;

  constructor(settings: ScaleSettings) {
    const { s3 } = settings;
    this.#client = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.pathStyle,
      credentials: s3.credentials,
      // One retry: a call is bounded by BOOTH_SERVICE_TIMEOUT_MS as a whole anyway.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: settings.serviceTimeoutMs,
        requestTimeout: settings.serviceTimeoutMs,
        httpAgent: new http.Agent(agentOptions),
        httpsAgent: new https.Agent(agentOptions),
      },
      // Photos and results are bounded (BOOTH_MAX_BODY_BYTES): sent at once, not after waiting a
      // round trip for "100 Continue", which the SDK asks for from 2 MB on, on a connection of its own.
      expectContinueHeader: false,
      // Checksums only where the S3 API requires one (a batch delete): several S3-compatible stores
      // refuse the SDK's newer default checksum headers, and each upload is signed with its
      // payload's hash anyway. One CRC less per photo and result.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.#bucket = s3.bucket;
    this.#publicUrl = settings.resultsPublicUrl;
    this.#signer = new ResultSigner(this.#client, s3.bucket, settings.resultsUrlSeconds);
    this.#timeoutMs = settings.serviceTimeoutMs;
  }

  photoKey(jobId: string, extension: string) {
    return `photos/${jobId}.${extension}`;
  }

  resultKey(jobId: string, name: string) {
    return `results/${jobId}/${name}`;
  }

  async putPhoto(key: string, data: Uint8Array) {
    const type = imageMimeOfName(key) ?? 'application/octet-stream';
    await this.#call((abortSignal) =>
      this.#client.send(new PutObjectCommand({ Bucket: this.#bucket, Key: key, Body: data, ContentType: type }), {
        abortSignal,
      }),
    );
  }

  async getPhoto(key: string): Promise<Uint8Array> {
    return this.#call(async (abortSignal) => {
      const answer = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }), { abortSignal });
      return answer.Body!.transformToByteArray();
    });
  }

  /** Results then their display copies, named as the embedded default names them (1.png, 1.preview.webp). */
  async putResults(
    jobId: string,
    images: EngineImage[],
    previews: Uint8Array[],
  ): Promise<{ images: string[]; previews: string[] }> {
    const files = [
      ...images.map((image, i) => ({
        name: `${i + 1}.${extensionOf(image.contentType, 'png')}`,
        data: image.data,
        type: image.contentType,
        preview: false,
      })),
      ...previews.map((data, i) => ({ name: `${i + 1}.preview.webp`, data, type: 'image/webp', preview: true })),
    ];
    await Promise.all(
      files.map((file) =>
        this.#call((abortSignal) =>
          this.#client.send(
            new PutObjectCommand({
              Bucket: this.#bucket,
              Key: this.resultKey(jobId, file.name),
              Body: file.data,
              ContentType: file.type,
              // A result never changes: a CDN or a browser may keep it until it expires.
              CacheControl: 'private, max-age=86400, immutable',
            }),
            { abortSignal },
          ),
        ),
      ),
    );
    return {
      images: files.filter((f) => !f.preview).map((f) => f.name),
      previews: files.filter((f) => f.preview).map((f) => f.name),
    };
  }

  /** Anything else the nodes share (brand frames): bytes under a key, with their type. */
  async putObject(key: string, data: Uint8Array, type: string, cacheControl?: string) {
    await this.#call((abortSignal) =>
      this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Body: data,
          ContentType: type,
          ...(cacheControl ? { CacheControl: cacheControl } : {}),
        }),
        { abortSignal },
      ),
    );
  }

  /** The bytes under a key; null when there is no such object. */
  async getObject(key: string): Promise<Uint8Array | null> {
    try {
      return await this.getPhoto(key);
    } catch (error) {
      if (error instanceof PhotoMissingError) return null;
      throw error;
    }
  }

  /** Every key under a prefix, with when it was written. */
  async list(prefix: string): Promise<{ key: string; modified: number }[]> {
    const found: { key: string; modified: number }[] = [];
    let token: string | undefined;
    do {
      const answer = await this.#call((abortSignal) =>
        this.#client.send(
          new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token }),
          { abortSignal },
        ),
      );
      for (const object of answer.Contents ?? [])
        if (object.Key) found.push({ key: object.Key, modified: object.LastModified?.getTime() ?? 0 });
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async delete(keys: string[]) {
    if (keys.length === 0) return;
    await this.#call((abortSignal) =>
      this.#client.send(
        new DeleteObjectsCommand({
          Bucket: this.#bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
        { abortSignal },
      ),
    );
  }

  /** A job's results, and its photo if it is still there (photos/{job}.{extension}). */
  async deleteJobFiles(jobId: string) {
    const listed = await Promise.all(
      [`results/${jobId}/`, `photos/${jobId}.`].map((Prefix) =>
        this.#call((abortSignal) =>
          this.#client.send(new ListObjectsV2Command({ Bucket: this.#bucket, Prefix }), { abortSignal }),
        ),
      ),
    );
    await this.delete(listed.flatMap((answer) => (answer.Contents ?? []).map((object) => object.Key!)).filter(Boolean));
  }

  /** The address a browser fetches a result from. */
  async resultUrl(jobId: string, name: string): Promise<string> {
    const key = this.resultKey(jobId, name);
    if (this.#publicUrl) return `${this.#publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
    return this.#signer.url(key);
  }

  /**
   * The site draws a result into a canvas to share it, which needs CORS on the bucket. Set here so
   * nobody has to remember; credentials that may not change it leave it to the operator (docs/deploy.md).
   */
  async allowBrowserReads(): Promise<string | null> {
    try {
      await this.#call((abortSignal) =>
        this.#client.send(
          new PutBucketCorsCommand({
            Bucket: this.#bucket,
            CORSConfiguration: {
              CORSRules: [
                { AllowedOrigins: ['*'], AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['*'], MaxAgeSeconds: 3600 },
              ],
            },
          }),
          { abortSignal },
        ),
      );
      return null;
    } catch (error) {
      return `Could not set CORS on the bucket ${this.#bucket} (${error instanceof ServiceUnavailableError ? error.detail : detailOf(error)}): set it as docs/deploy.md shows, or Share cannot read results.`;
    }
  }

  /** For health checks: the bucket answers. */
  async check() {
    await this.#call((abortSignal) =>
      this.#client.send(new HeadBucketCommand({ Bucket: this.#bucket }), { abortSignal }),
    );
  }

  close() {
    this.#client.destroy();
  }

  /** A missing object is the caller's to handle; every other failure means the store is not usable now. */
  async #call<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await within(STORE_SERVICE, this.#timeoutMs, work);
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw error;
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') throw new PhotoMissingError(detailOf(error));
      throw new ServiceUnavailableError(STORE_SERVICE, detailOf(error));
    }
  }
}
