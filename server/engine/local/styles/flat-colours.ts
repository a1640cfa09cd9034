// Flat, bold colour areas for the cartoon-like styles: smooth away texture, push saturation, then
// let libimagequant (inside sharp's PNG palette encoder) pick a few colours without dithering.
import sharp from 'sharp';
import { clamp255, createRaster, fromSharp, toSharp, type Raster } from '../raster.ts';

export async function flatColours(rgb: Raster, colours: number, saturation: number, skin?: SkinLook): Promise<Raster> {
  // Flat areas need no full resolution: working at half size makes the median 4x cheaper
  // (libvips' rank filter is the slowest step of a job) and the upscale keeps the edges clean.
  // Skin is mixed in at half size too: at full size it cost the comic +85 ms CPU a job.
  const half = await fromSharp(
    toSharp(rgb).resize(Math.max(1, Math.round(rgb.width / 2)), Math.max(1, Math.round(rgb.height / 2))),
  );
  const smooth = await fromSharp(toSharp(half).median(3));
  const palette = await toSharp(saturate(smooth, saturation))
    .png({ palette: true, colours, dither: 0, effort: 1, compressionLevel: 0 })
    .toBuffer();
  let flat = greysKeepTheirTint(await fromSharp(sharp(palette).removeAlpha().toColourspace('srgb')), smooth);
  if (skin) {
    // The skin is the half-size photo itself: the median would smear teeth and eyes.
    const [own, weight] = await Promise.all([
      skin.saturation === 1 ? half : fromSharp(toSharp(half).modulate({ saturation: skin.saturation })),
      skinWeight(smooth),
    ]);
    flat = mix(flat, own, weight);
  }
  return fromSharp(toSharp(flat).resize(rgb.width, rgb.height, { fit: 'fill', kernel: 'cubic' }));
}

/**
 * Colours pushed away from grey by `saturation`, but near-greys kept grey: a uniform boost turned
 * the faint blue in grey hair and the shadows of a white shirt into blue palette colours (the
 * bold sticker's hair on the official portrait). Chroma below GREY_CHROMA keeps its own, above
 * FULL_CHROMA gets the whole boost (chroma as YCbCr's distance from grey, 0..~180).
 */
function saturate(rgb: Raster, saturation: number): Raster {
  const out = Buffer.from(rgb.data);
  for (let p = 0; p < out.length; p += 3) {
    const r = rgb.data[p];
    const g = rgb.data[p + 1];
    const b = rgb.data[p + 2];
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const chroma = Math.hypot(-0.168736 * r - 0.331264 * g + 0.5 * b, 0.5 * r - 0.418688 * g - 0.081312 * b);
    const t = Math.min(1, Math.max(0, (chroma - GREY_CHROMA) / (FULL_CHROMA - GREY_CHROMA)));
    const k = 1 + (saturation - 1) * t * t * (3 - 2 * t);
    out[p] = clamp255(y + (r - y) * k);
    out[p + 1] = clamp255(y + (g - y) * k);
    out[p + 2] = clamp255(y + (b - y) * k);
  }
  return { ...rgb, data: out };
}

const GREY_CHROMA = 8;
const FULL_CHROMA = 30;

/**
 * Where the photo is near grey (grey hair, a white shirt's shadows), the flat picture keeps the
 * palette's lightness but the photo's own tint: the palette has few greys, and the nearest to grey
 * hair was the navy suit's blue-violet, painted in patches between the hair's own brown where the
 * skin is kept (the bold sticker on the official portrait). The tint fades to the palette's as the
 * photo's colour grows from GREY_CHROMA to FULL_CHROMA.
 */
function greysKeepTheirTint(flat: Raster, smooth: Raster): Raster {
  const out = Buffer.from(flat.data);
  const s = smooth.data;
  for (let p = 0; p < out.length; p += 3) {
    const [cb, cr] = chromaOf(s[p], s[p + 1], s[p + 2]);
    const t = Math.min(1, Math.max(0, (Math.hypot(cb, cr) - GREY_CHROMA) / (FULL_CHROMA - GREY_CHROMA)));
    if (t === 1) continue;
    const r = flat.data[p];
    const g = flat.data[p + 1];
    const b = flat.data[p + 2];
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const [fb, fr] = chromaOf(r, g, b);
    const k = t * t * (3 - 2 * t);
    const blue = fb * k + cb * (1 - k);
    const red = fr * k + cr * (1 - k);
    out[p] = clamp255(y + 1.402 * red);
    out[p + 1] = clamp255(y - 0.344136 * blue - 0.714136 * red);
    out[p + 2] = clamp255(y + 1.772 * blue);
  }
  return { ...flat, data: out };
}

/** YCbCr's chroma (Cb - 128, Cr - 128) of an sRGB colour. */
function chromaOf(r: number, g: number, b: number): [number, number] {
  return [-0.168736 * r - 0.331264 * g + 0.5 * b, 0.5 * r - 0.418688 * g - 0.081312 * b];
}

/** How skin is painted where flat colours would recolour it. */
export interface SkinLook {
  /** Of the smoothed skin: 1 keeps the guest's own tones. */
  saturation: number;
}

/**
 * Skin keeps the photo's own colours: a few palette colours across a face turned it orange (the
 * bold sticker's faces were 7.1-10.6 CIEDE2000 from the photo on the four test portraits, now
 * 3.1-4.9; the die-cut sticker's are 0.8-2.6) or into dark and light blotches (comic).
 * Everything else keeps the flat palette colours.
 */
function mix(flat: Raster, smooth: Raster, weight: Raster): Raster {
  const out = Buffer.from(flat.data);
  const s = smooth.data;
  for (let i = 0, p = 0; i < weight.data.length; i++, p += 3) {
    const w = weight.data[i] / 255;
    if (w === 0) continue;
    for (let c = 0; c < 3; c++) out[p + c] = Math.round(s[p + c] * w + out[p + c] * (1 - w));
  }
  return { ...flat, data: out };
}

/**
 * Where skin is, 0..255, from the smoothed photo. Blurred and boosted, so the deep red creases
 * and shadows of a face (outside the skin cluster on Grace Hopper's face) are taken with the
 * skin around them instead of turning into orange blotches.
 */
async function skinWeight(smooth: Raster): Promise<Raster> {
  const map = createRaster(smooth.width, smooth.height, 1);
  const s = smooth.data;
  for (let i = 0, p = 0; i < map.data.length; i++, p += 3)
    map.data[i] = Math.round(255 * skinLikelihood(s[p], s[p + 1], s[p + 2]));
  return fromSharp(
    toSharp(map)
      .blur(Math.max(1, smooth.width / 250))
      .linear(1.8, 0)
      .extractChannel(0),
  );
}

/**
 * 0..1: how surely a colour is skin, by the YCbCr skin cluster of Chai and Ngan (Cb 77-127,
 * Cr 133-173, here to SKIN_CR_HIGH), softened over 12 levels so the boundary leaves no seam. It holds for skin from
 * pale to dark (the four test portraits); the orange spacesuit (Cr ~198) is outside.
 */
export function skinLikelihood(r: number, g: number, b: number): number {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return within(cr, 133, SKIN_CR_HIGH) * within(cb, 77, 127) * Math.min(1, Math.max(0, (y - 30) / 20));
}

const SOFT = 12;
/**
 * Chai and Ngan's upper bound is 173: the deep red creases and shadows of Grace Hopper's face
 * (Cr 175-185) fell outside and were painted in the palette's orange. The orange spacesuit is at
 * Cr ~198, still outside.
 */
const SKIN_CR_HIGH = 184;
const within = (value: number, low: number, high: number) =>
  Math.min(1, Math.max(0, (value - low + SOFT / 2) / SOFT), Math.max(0, (high + SOFT / 2 - value) / SOFT));

/** Dark lines where the (smoothed) picture has strong edges: the inking of a comic. */
export async function inkLines(rgb: Raster, strength: number): Promise<Raster> {
  const grey = await fromSharp(
    toSharp(rgb)
      .greyscale()
      .blur(Math.max(1, rgb.width / 700)),
  );
  const { width, height } = grey;
  const lines = Buffer.alloc(width * height);
  const g = grey.data;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const gx =
        g[i - width + 1] + 2 * g[i + 1] + g[i + width + 1] - g[i - width - 1] - 2 * g[i - 1] - g[i + width - 1];
      const gy =
        g[i + width - 1] + 2 * g[i + width] + g[i + width + 1] - g[i - width - 1] - 2 * g[i - width] - g[i - width + 1];
      const magnitude = Math.sqrt(gx * gx + gy * gy);
      lines[i] = magnitude > strength ? Math.min(255, (magnitude - strength) * 4) : 0;
    }
  }
  return { data: lines, width, height, channels: 1 };
}
