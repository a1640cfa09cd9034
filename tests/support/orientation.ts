// Which way round a picture reads: a photo with a word on the subject's chest (a shirt's print, a
// badge), and a measure of whether a result shows it as the camera saw it or mirrored. Used by the
// server's orientation tests and the camera's browser test.
import sharp, { type Sharp } from 'sharp';

/** The word printed on the photo: no letter of it reads the same mirrored. */
export const WORD = 'REBEL';

/**
 * The photo with WORD in large dark letters on a light patch over the chest, and a dark block
 * high on the left: a left/right asymmetry every style keeps some of.
 */
export async function photoWithText(photo: Buffer | string): Promise<Buffer> {
  const { width, height } = await sharp(photo).metadata();
  const w = width!;
  const h = height!;
  const size = Math.round(w * 0.12);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect x="${Math.round(w * 0.2)}" y="${Math.round(h * 0.74)}" width="${Math.round(w * 0.6)}" height="${Math.round(size * 1.4)}" fill="#f4f0e8"/>
    <text x="${Math.round(w * 0.22)}" y="${Math.round(h * 0.74 + size * 1.1)}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${size}" fill="#101010">${WORD}</text>
    <rect x="${Math.round(w * 0.22)}" y="${Math.round(h * 0.58)}" width="${Math.round(w * 0.1)}" height="${Math.round(h * 0.12)}" fill="#c01010"/>
  </svg>`;
  return sharp(photo)
    .composite([{ input: Buffer.from(svg), left: 0, top: 0 }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Where WORD, its patch and the block lie, as shares of the photo: the part compared. */
const CHEST = { left: 0.16, top: 0.55, width: 0.7, height: 0.34 };
/** Results are compared this wide: enough to tell the word's shape, cheap to search. */
const WORK_WIDTH = 112;

interface Grey {
  data: Float64Array;
  width: number;
  height: number;
}

async function greyOf(image: Sharp, width: number): Promise<Grey> {
  // A sticker's cut-out is flattened onto grey, the colour of neither the letters nor their patch.
  const { data, info } = await image
    .flatten({ background: '#808080' })
    .resize({ width })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: Float64Array.from(data), width: info.width, height: info.height };
}

/** The best normalised cross-correlation of the template anywhere in the picture. */
function bestMatch(picture: Grey, template: Grey): number {
  const { width: tw, height: th } = template;
  const n = tw * th;
  let tMean = 0;
  for (const v of template.data) tMean += v / n;
  const t = template.data.map((v) => v - tMean);
  let tNorm = 0;
  for (const v of t) tNorm += v * v;
  let best = -1;
  for (let y = 0; y + th <= picture.height; y++) {
    for (let x = 0; x + tw <= picture.width; x++) {
      let sum = 0,
        sumSq = 0,
        cross = 0;
      for (let j = 0; j < th; j++) {
        const row = (y + j) * picture.width + x;
        for (let i = 0; i < tw; i++) {
          const p = picture.data[row + i]!;
          sum += p;
          sumSq += p * p;
          cross += p * t[j * tw + i]!;
        }
      }
      const variance = sumSq - (sum * sum) / n;
      if (variance <= 1e-6 || tNorm <= 1e-6) continue;
      best = Math.max(best, cross / Math.sqrt(variance * tNorm));
    }
  }
  return best;
}

/**
 * How well the photo's chest (WORD, its patch, the block) matches somewhere in the result as the
 * camera saw it (`straight`) and mirrored (`mirrored`), whatever a style did to the framing: the
 * chest is searched at every scale from a pop-art panel's to a close crop's. A result that reads
 * the right way round has straight well above mirrored.
 */
export async function orientationOf(result: Buffer, photo: Buffer): Promise<{ straight: number; mirrored: number }> {
  const picture = await greyOf(sharp(result), WORK_WIDTH);
  const { width, height } = await sharp(photo).metadata();
  const chest = await sharp(photo)
    .extract({
      left: Math.round(width! * CHEST.left),
      top: Math.round(height! * CHEST.top),
      width: Math.round(width! * CHEST.width),
      height: Math.round(height! * CHEST.height),
    })
    .png()
    .toBuffer();
  let straight = -1;
  let mirrored = -1;
  // The chest is CHEST.width of the photo: as wide as that in a result showing the whole photo,
  // half in a panel of four, more in a crop around the person.
  for (let share = 0.25; share <= 1; share *= 1.1) {
    const templateWidth = Math.round(WORK_WIDTH * share);
    if (templateWidth < 12) continue;
    const [plain, flopped] = await Promise.all([
      greyOf(sharp(chest), templateWidth),
      greyOf(sharp(chest).flop(), templateWidth),
    ]);
    if (plain.height > picture.height) break;
    straight = Math.max(straight, bestMatch(picture, plain));
    mirrored = Math.max(mirrored, bestMatch(picture, flopped));
  }
  return { straight, mirrored };
}
