// imgproxy's URL format, the part this booth uses: /{signature}/{options}/plain/{source}[@ext].
// Parsed into one plain value, so the pipeline (pipeline.ts) only sees valid processing options.

import { PROXY_MAX_DIMENSION_PX as MAX_DIMENSION } from '../../contract/constants.ts';

export type ResizeType = 'fill' | 'fit' | 'force';
export type Gravity = 'sm' | 'ce' | 'no' | 'so' | 'ea' | 'we' | 'noea' | 'nowe' | 'soea' | 'sowe';
export type OutputFormat = 'jpeg' | 'png' | 'webp';

export interface ProxyRequest {
  resize: ResizeType;
  width: number;
  height: number;
  gravity: Gravity;
  enlarge: boolean;
  quality: number;
  format?: OutputFormat;
  /** The decoded plain source, e.g. s3://booth-assets/photobooth/aurora/background.jpg */
  source: string;
}

export class ProxyUrlError extends Error {
  override name = 'ProxyUrlError';
}

const RESIZE_TYPES = new Set<string>(['fill', 'fit', 'force']);
const GRAVITIES = new Set<string>(['sm', 'ce', 'no', 'so', 'ea', 'we', 'noea', 'nowe', 'soea', 'sowe']);
const FORMATS: Record<string, OutputFormat> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' };

function dimension(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) > MAX_DIMENSION)
    throw new ProxyUrlError(`${name} must be a whole number from 0 to ${MAX_DIMENSION}.`);
  return Number(value);
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return value === '1' || value === 't' || value === 'true';
}

function resizeType(value: string | undefined, fallback: ResizeType): ResizeType {
  if (value === undefined || value === '') return fallback;
  if (!RESIZE_TYPES.has(value))
    throw new ProxyUrlError(`Resizing type must be fill, fit or force, not ${JSON.stringify(value)}.`);
  return value as ResizeType;
}

function format(value: string): OutputFormat {
  const f = FORMATS[value.toLowerCase()];
  if (!f) throw new ProxyUrlError(`Output format must be jpg, png or webp, not ${JSON.stringify(value)}.`);
  return f;
}

/** `path` is everything after the signature segment, still percent-encoded. */
export function parseProxyPath(path: string): ProxyRequest {
  const at = path.indexOf('/plain/');
  if (at < 0) throw new ProxyUrlError('Expected /{signature}/{options}/plain/{source}.');
  const request: ProxyRequest = {
    resize: 'fit',
    width: 0,
    height: 0,
    gravity: 'ce',
    enlarge: false,
    quality: 80,
    source: '',
  };
  for (const option of path.slice(0, at).split('/').filter(Boolean)) {
    const [name, ...args] = option.split(':');
    switch (name) {
      case 'rs':
      case 'resize':
        request.resize = resizeType(args[0], request.resize);
        request.width = dimension(args[1], 'Width') ?? request.width;
        request.height = dimension(args[2], 'Height') ?? request.height;
        request.enlarge = flag(args[3]) ?? request.enlarge;
        break;
      case 's':
      case 'size':
        request.width = dimension(args[0], 'Width') ?? request.width;
        request.height = dimension(args[1], 'Height') ?? request.height;
        request.enlarge = flag(args[2]) ?? request.enlarge;
        break;
      case 'rt':
      case 'resizing_type':
        request.resize = resizeType(args[0], request.resize);
        break;
      case 'w':
      case 'width':
        request.width = dimension(args[0], 'Width') ?? request.width;
        break;
      case 'h':
      case 'height':
        request.height = dimension(args[0], 'Height') ?? request.height;
        break;
      case 'el':
      case 'enlarge':
        request.enlarge = flag(args[0]) ?? request.enlarge;
        break;
      case 'g':
      case 'gravity':
        if (!GRAVITIES.has(args[0] ?? ''))
          throw new ProxyUrlError(
            `Gravity must be one of sm, ce, no, so, ea, we, not ${JSON.stringify(args[0] ?? '')}.`,
          );
        request.gravity = args[0] as Gravity;
        break;
      case 'q':
      case 'quality': {
        const q = Number(args[0]);
        if (!Number.isInteger(q) || q < 1 || q > 100)
          throw new ProxyUrlError('Quality must be a whole number from 1 to 100.');
        request.quality = q;
        break;
      }
      case 'f':
      case 'format':
      case 'ext':
        request.format = format(args[0] ?? '');
        break;
      default:
        throw new ProxyUrlError(`Unknown processing option ${JSON.stringify(name)}.`);
    }
  }
  let source = path.slice(at + '/plain/'.length);
  const ext = /@(\w+)$/.exec(source);
  if (ext) {
    request.format = format(ext[1]!);
    source = source.slice(0, ext.index);
  }
  try {
    request.source = decodeURIComponent(source);
  } catch {
    throw new ProxyUrlError('The source is not valid percent-encoding.');
  }
  if (!request.source) throw new ProxyUrlError('The source is missing after /plain/.');
  return request;
}
