// A stand-in for OpenAI's Images API edit call (POST /v1/images/edits), as its reference
// documents it: Bearer auth, a multipart body with model, prompt, n, size, quality and the image
// file; an answer {created, data: [{b64_json}], output_format, usage}; errors as
// {error: {message, type, param, code}} with their statuses, and Retry-After on 429. It checks
// what it receives (a real image, the fields the booth must send) and answers with a real picture
// made from the visitor's photo, so a test can tell the result came through it.
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type OpenAiBehaviour =
  /** `picture`: answer with this PNG instead of one made from the photo (benchmarks: no CPU spent here). */
  | { kind: 'ok'; delayMs?: number; picture?: Buffer }
  | { kind: 'moderation' }
  | { kind: 'rate-limited'; retryAfterSeconds: number; times: number }
  | { kind: 'server-error'; times: number }
  | { kind: 'reset'; times: number }
  | { kind: 'quota' }
  /** Answers as for a revoked key, whatever key is sent. */
  | { kind: 'revoked-key' };

export interface ReceivedEdit {
  authorization: string | undefined;
  model: string;
  prompt: string;
  n: string | null;
  imageType: string;
  imageBytes: number;
  /** The SHA-256 of each image received, in order (the photo, then a scene style's scene). */
  images: string[];
  /** The output format asked (png when none is). */
  format: string;
}

export interface OpenAiStandIn {
  url: string;
  key: string;
  received: ReceivedEdit[];
  /**
   * For each received edit, when its request arrived and when its answer was handed to the socket
   * (performance.now() of this process; Infinity while unanswered). A client holding a slot from
   * before it sends until it has read the answer holds it over the whole of this span.
   */
  visits: { arrived: number; answered: number }[];
  /** Requests it refused before answering an edit (bad auth, bad body), with the reason. */
  refused: string[];
  behave(behaviour: OpenAiBehaviour): void;
  close(): Promise<void>;
}

const error = (message: string, type: string, code: string | null, param: string | null = null) => ({
  error: { message, type, param, code },
});

/** The tint the stand-in gives its pictures: a test finds it in the result's pixels. */
export const STAND_IN_TINT = { r: 255, g: 0, b: 160 };

export async function startOpenAiStandIn(key = 'sk-stand-in-key-0123456789'): Promise<OpenAiStandIn> {
  let behaviour: OpenAiBehaviour = { kind: 'ok' };
  let failuresLeft = 0;
  const fixed = new Map<string, Buffer>();
  const received: ReceivedEdit[] = [];
  const visits: { arrived: number; answered: number }[] = [];
  const visitOf = new WeakMap<http.ServerResponse, { arrived: number; answered: number }>();
  const refused: string[] = [];

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const visit = visitOf.get(res);
    if (visit) visit.answered = performance.now();
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    const arrived = performance.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/images/edits') {
      refused.push(`${req.method} ${req.url}`);
      return send(res, 404, error(`Invalid URL (${req.method} ${req.url})`, 'invalid_request_error', null));
    }
    if (req.headers.authorization !== `Bearer ${key}` || behaviour.kind === 'revoked-key') {
      refused.push('bad key');
      return send(
        res,
        401,
        error(
          'Incorrect API key provided: sk-***. You can find your API key at https://platform.openai.com/account/api-keys.',
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    }
    let form: FormData;
    try {
      form = await new Request('http://stand-in/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: Buffer.concat(chunks),
      }).formData();
    } catch {
      refused.push('not multipart');
      return send(res, 400, error('Invalid multipart body.', 'invalid_request_error', null));
    }
    // One image as `image`; several (the GPT image models take up to 16) as `image[]`.
    const all = [...form.getAll('image'), ...form.getAll('image[]')];
    const image = all[0];
    const prompt = form.get('prompt');
    const model = form.get('model');
    if (!(image instanceof File) || typeof prompt !== 'string' || !prompt || typeof model !== 'string') {
      refused.push('missing field');
      return send(
        res,
        400,
        error(
          "Missing required parameter: 'image', 'prompt' or 'model'.",
          'invalid_request_error',
          'missing_required_parameter',
        ),
      );
    }
    const photo = Buffer.from(await image.arrayBuffer());
    const bytes = await Promise.all(
      all.map(async (file) => (file instanceof File ? Buffer.from(await file.arrayBuffer()) : null)),
    );
    const formats = await Promise.all(
      bytes.map((data) =>
        data
          ? sharp(data)
              .metadata()
              .then(
                (meta) => meta.format as string | undefined,
                () => undefined,
              )
          : undefined,
      ),
    );
    if (all.length > 16 || !formats.every((format) => format && ['jpeg', 'png', 'webp'].includes(format))) {
      refused.push('not an image');
      return send(
        res,
        400,
        error(
          'Invalid image file or mode for image 1, please check your image file.',
          'invalid_request_error',
          'invalid_image_file',
          'image',
        ),
      );
    }
    const visit = { arrived, answered: Number.POSITIVE_INFINITY };
    visits.push(visit);
    visitOf.set(res, visit);
    // An edit that ends without an answer (a reset) ends when its connection does.
    res.on('close', () => {
      if (visit.answered === Number.POSITIVE_INFINITY) visit.answered = performance.now();
    });
    const format = (form.get('output_format') as string | null) ?? 'png';
    const compression = form.get('output_compression') as string | null;
    if (
      !['png', 'jpeg', 'webp'].includes(format) ||
      (compression !== null && (format === 'png' || !/^\d+$/.test(compression) || Number(compression) > 100))
    ) {
      refused.push('bad output options');
      return send(
        res,
        400,
        error(
          "Invalid value for 'output_format' or 'output_compression'.",
          'invalid_request_error',
          'invalid_value',
          'output_compression',
        ),
      );
    }
    received.push({
      authorization: req.headers.authorization,
      model,
      prompt,
      n: form.get('n') as string | null,
      imageType: image.type,
      imageBytes: photo.length,
      images: bytes.map((data) => createHash('sha256').update(data!).digest('hex')),
      format,
    });

    if (failuresLeft > 0) {
      failuresLeft--;
      if (behaviour.kind === 'rate-limited') {
        return send(
          res,
          429,
          error(
            'Rate limit reached for gpt-image-1 on images per minute. Please try again later.',
            'requests',
            'rate_limit_exceeded',
          ),
          { 'retry-after': String(behaviour.retryAfterSeconds) },
        );
      }
      if (behaviour.kind === 'server-error')
        return send(
          res,
          500,
          error('The server had an error while processing your request. Sorry about that!', 'server_error', null),
        );
      if (behaviour.kind === 'reset') return req.socket.destroy();
    }
    if (behaviour.kind === 'moderation') {
      return send(
        res,
        400,
        error('Your request was rejected by the safety system.', 'image_generation_user_error', 'moderation_blocked'),
      );
    }
    if (behaviour.kind === 'quota') {
      return send(
        res,
        429,
        error(
          'You exceeded your current quota, please check your plan and billing details.',
          'insufficient_quota',
          'insufficient_quota',
        ),
      );
    }
    const ok = behaviour.kind === 'ok' ? behaviour : { delayMs: 0, picture: undefined };
    if (ok.delayMs) await new Promise((resolve) => setTimeout(resolve, ok.delayMs));
    if (res.destroyed) return;
    // The "generated" picture: the photo, 1024 wide, tinted, in the format asked (PNG unless asked otherwise).
    const quality = compression === null ? 100 : Math.max(1, Number(compression));
    const encode = (source: Buffer, tint: boolean) => {
      const made = sharp(source).resize(1024, 1024, { fit: 'cover' });
      if (tint) made.tint(STAND_IN_TINT);
      return (
        format === 'jpeg' ? made.jpeg({ quality }) : format === 'webp' ? made.webp({ quality }) : made.png()
      ).toBuffer();
    };
    // A fixed picture is encoded once per format, so a benchmark measures the booth, not this.
    const cacheKey = `${format} ${quality}`;
    const picture = ok.picture
      ? (fixed.get(cacheKey) ?? fixed.set(cacheKey, await encode(ok.picture, false)).get(cacheKey)!)
      : await encode(photo, true);
    send(res, 200, {
      created: Math.floor(Date.now() / 1000),
      data: [{ b64_json: picture.toString('base64') }],
      background: 'opaque',
      output_format: format,
      quality: 'medium',
      size: '1024x1024',
      usage: {
        input_tokens: 100,
        output_tokens: 1000,
        total_tokens: 1100,
        input_tokens_details: { image_tokens: 90, text_tokens: 10 },
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    key,
    received,
    visits,
    refused,
    behave(next) {
      behaviour = next;
      fixed.clear();
      failuresLeft = 'times' in next ? next.times : 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
