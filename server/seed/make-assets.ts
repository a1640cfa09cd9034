// Draws the seed tenants' logos, backgrounds, processing videos, brand frames and branded-scene
// backdrops (sharp for pixels, Debian's ffmpeg for the clip). The output is committed under
// server/seed/assets/; run this again only to change them:  npx node server/seed/make-assets.ts
// (`… make-assets.ts scenes` draws the backdrops alone; `… make-assets.ts pictures SLUG…` those tenants'
// logos and backgrounds alone, with no ffmpeg).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { SEED_ASSETS_DIR } from './seed.ts';
import { SEED_TENANTS } from './tenants.ts';

interface Look {
  slug: string;
  name: string;
  background: string;
  text: string;
  accent: string;
  glow: string;
  dark: boolean;
  /** The name's size on the logo (64 unless a long name needs less). */
  fontSize?: number;
}

/** What the drawings add to each seed tenant's colours: a glow, and whether the art is dark. */
const ART: Record<string, { glow: string; dark: boolean; fontSize?: number }> = {
  default: { glow: '#3d7a1e', dark: true },
  aurora: { glow: '#1fb5a8', dark: true },
  meadow: { glow: '#f2c14e', dark: false },
  gala: { glow: '#7a3b8f', dark: true },
  lumiere: { glow: '#e76f51', dark: true, fontSize: 50 },
  noor: { glow: '#e9c46a', dark: false },
};

const LOOKS: Look[] = SEED_TENANTS.map((t) => ({
  slug: t.slug,
  name: t.client!,
  background: t.backgroundColor!,
  text: t.textColor!,
  accent: t.accentColor!,
  ...ART[t.slug]!,
}));

const VIDEO_SIZE = 480;
const VIDEO_SECONDS = 3;
const FPS = 20;

function logoSvg(look: Look) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160" viewBox="0 0 640 160">
  <circle cx="80" cy="80" r="62" fill="${look.accent}"/>
  <circle cx="80" cy="80" r="30" fill="none" stroke="${look.background}" stroke-width="12"/>
  <rect x="48" y="28" width="26" height="18" rx="4" fill="${look.background}"/>
  <text x="166" y="104" font-family="Lato, DejaVu Sans, sans-serif" font-weight="bold" font-size="${look.fontSize ?? 64}" fill="${look.text}">${look.name}</text>
</svg>`;
}

function backgroundSvg(look: Look) {
  const stars = look.dark
    ? Array.from(
        { length: 90 },
        (_, i) =>
          `<circle cx="${(i * 397) % 1920}" cy="${(i * 211) % 620}" r="${1 + (i % 3)}" fill="#ffffff" opacity="${0.3 + (i % 5) / 10}"/>`,
      ).join('')
    : '';
  const ground = look.dark
    ? `<path d="M0 900 Q 480 780 960 880 T 1920 860 V1080 H0Z" fill="#05081a"/>`
    : `<path d="M0 820 Q 480 700 960 800 T 1920 760 V1080 H0Z" fill="#8fbf6a"/><path d="M0 930 Q 600 840 1200 930 T 1920 900 V1080 H0Z" fill="${look.accent}"/>`;
  const sun = look.dark ? '' : `<circle cx="1520" cy="240" r="120" fill="${look.glow}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080" viewBox="0 0 1920 1080">
  <defs><filter id="soft"><feGaussianBlur stdDeviation="60"/></filter></defs>
  <rect width="1920" height="1080" fill="${look.background}"/>${stars}${sun}
  <g filter="url(#soft)" opacity="${look.dark ? 0.75 : 0.35}">
    <ellipse cx="600" cy="380" rx="520" ry="120" fill="${look.accent}" transform="rotate(-12 600 380)"/>
    <ellipse cx="1300" cy="300" rx="480" ry="100" fill="${look.glow}" transform="rotate(8 1300 300)"/>
  </g>${ground}
</svg>`;
}

/** One frame of a seamless loop: a ring of dots chasing around, over a slow glow. */
function frameSvg(look: Look, t: number) {
  const c = VIDEO_SIZE / 2;
  const dots = Array.from({ length: 12 }, (_, i) => {
    const angle = (i / 12) * Math.PI * 2 - Math.PI / 2;
    const phase = (i / 12 - t + 1) % 1;
    const r = 8 + 10 * (1 - phase) ** 3;
    return `<circle cx="${c + Math.cos(angle) * 90}" cy="${c + Math.sin(angle) * 90}" r="${r.toFixed(2)}" fill="${look.accent}" opacity="${(0.35 + 0.65 * (1 - phase)).toFixed(2)}"/>`;
  }).join('');
  const glowX = c + Math.cos(t * Math.PI * 2) * 120;
  const glowY = c + Math.sin(t * Math.PI * 2) * 60;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${VIDEO_SIZE}" height="${VIDEO_SIZE}">
  <defs><radialGradient id="g"><stop offset="0" stop-color="${look.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${look.glow}" stop-opacity="0"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="${look.background}"/>
  <circle cx="${glowX}" cy="${glowY}" r="220" fill="url(#g)"/>${dots}
</svg>`;
}

/** Frames are drawn 4:5, the aspect of most results, and stretched to each result's size. */
const FRAME_WIDTH = 1200;
const FRAME_HEIGHT = 1500;
/** Width of the frame's band; everything inside it is the transparent window. */
const FRAME_BAND = 84;

/** An evening-dress border: a band in the tenant's background colour, gold rules, corner jewels and the event's name. */
function brandFrameSvg(look: Look) {
  const [w, h, b] = [FRAME_WIDTH, FRAME_HEIGHT, FRAME_BAND];
  const jewel = (x: number, y: number) =>
    `<path d="M${x} ${y - 26} L${x + 26} ${y} L${x} ${y + 26} L${x - 26} ${y}Z" fill="${look.accent}"/>` +
    `<circle cx="${x}" cy="${y}" r="7" fill="${look.background}"/>`;
  const corners = [
    [b / 2, b / 2],
    [w - b / 2, b / 2],
    [b / 2, h - b / 2],
    [w - b / 2, h - b / 2],
  ]
    .map(([x, y]) => jewel(x!, y!))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <path fill-rule="evenodd" fill="${look.background}" d="M0 0H${w}V${h}H0Z M${b} ${b}V${h - b}H${w - b}V${b}Z"/>
  <rect x="14" y="14" width="${w - 28}" height="${h - 28}" fill="none" stroke="${look.accent}" stroke-width="4"/>
  <rect x="${b - 10}" y="${b - 10}" width="${w - 2 * b + 20}" height="${h - 2 * b + 20}" fill="none" stroke="${look.accent}" stroke-width="6"/>
  <rect x="${b - 2}" y="${b - 2}" width="${w - 2 * b + 4}" height="${h - 2 * b + 4}" fill="none" stroke="${look.glow}" stroke-width="4"/>
  ${corners}
  <text x="${w / 2}" y="${h - b / 2 + 13}" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="38" letter-spacing="8" fill="${look.accent}">${look.name.toUpperCase()}</text>
</svg>`;
}

async function makeVideo(look: Look, file: string) {
  const ffmpeg = spawn(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'image2pipe',
      '-framerate',
      String(FPS),
      '-i',
      '-',
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      file,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const done = new Promise<void>((resolve, reject) =>
    ffmpeg.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)))),
  );
  const frames = VIDEO_SECONDS * FPS;
  for (let i = 0; i < frames; i++) {
    const png = await sharp(Buffer.from(frameSvg(look, i / frames)))
      .png({ compressionLevel: 1 })
      .toBuffer();
    if (!ffmpeg.stdin.write(png)) await new Promise((r) => ffmpeg.stdin.once('drain', r));
  }
  ffmpeg.stdin.end();
  await done;
}

/** Backdrops are photos of a set, 4:5 like the branded scene they fill. */
const SCENE_WIDTH = 1200;
const SCENE_HEIGHT = 1500;

/** A country fair on a summer afternoon: sky, a striped marquee in the tenant's colours, bunting, a lawn to stand on. */
function sceneSvg(look: Look) {
  const [w, h] = [SCENE_WIDTH, SCENE_HEIGHT];
  const lawn = h * 0.74;
  const stripes = Array.from(
    { length: 10 },
    (_, i) =>
      `<rect x="${120 + i * 96}" y="${h * 0.34}" width="48" height="${lawn - h * 0.34}" fill="#ffffff" opacity="0.85"/>`,
  ).join('');
  const flags = Array.from({ length: 16 }, (_, i) => {
    const x = 40 + i * 72;
    const y = 120 + 40 * Math.sin((i / 15) * Math.PI);
    return `<path d="M${x} ${y} L${x + 60} ${y + 4} L${x + 30} ${y + 62}Z" fill="${i % 2 ? look.accent : look.glow}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb6e6"/><stop offset="1" stop-color="#dcefff"/></linearGradient>
    <linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fbf6a"/><stop offset="1" stop-color="#4f8a3a"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="6"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${w * 0.82}" cy="${h * 0.12}" r="90" fill="${look.glow}" opacity="0.9"/>
  <g filter="url(#soft)">
    <path d="M80 ${h * 0.34} L${w / 2} ${h * 0.2} L${w - 80} ${h * 0.34}Z" fill="${look.accent}"/>
    <rect x="120" y="${h * 0.34}" width="${w - 240}" height="${lawn - h * 0.34}" fill="${look.accent}"/>${stripes}
    <path d="M0 ${lawn - 40} Q ${w / 3} ${lawn - 90} ${w / 2} ${lawn - 50} T ${w} ${lawn - 60} V ${lawn + 10} H0Z" fill="#6fa552"/>
  </g>
  <path d="M0 120 Q ${w / 2} 200 ${w} 120" stroke="#5b4636" stroke-width="4" fill="none"/>${flags}
  <rect y="${lawn}" width="${w}" height="${h - lawn}" fill="url(#lawn)"/>
</svg>`;
}

/** The same fair at dusk: a warm sky, a bandstand in the tenant's colour under strings of lights, the lawn in shade. */
function duskSceneSvg(look: Look) {
  const [w, h] = [SCENE_WIDTH, SCENE_HEIGHT];
  const lawn = h * 0.76;
  const lights = Array.from({ length: 3 }, (_, row) =>
    Array.from({ length: 14 }, (_, i) => {
      const x = 50 + i * 84;
      const y = 180 + row * 70 + 36 * Math.sin((i / 13) * Math.PI);
      return `<circle cx="${x}" cy="${y}" r="9" fill="${look.glow}"/><circle cx="${x}" cy="${y}" r="22" fill="${look.glow}" opacity="0.25"/>`;
    }).join(''),
  ).join('');
  const posts = Array.from(
    { length: 5 },
    (_, i) => `<rect x="${250 + i * 165}" y="${h * 0.42}" width="26" height="${lawn - h * 0.42}" fill="#f4ead8"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b3a6e"/><stop offset="0.55" stop-color="#d9776a"/><stop offset="1" stop-color="#f6c47a"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4e7a3c"/><stop offset="1" stop-color="#2b4a24"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="7"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#dusk)"/>
  <g filter="url(#soft)">
    <path d="M170 ${h * 0.42} L${w / 2} ${h * 0.27} L${w - 170} ${h * 0.42}Z" fill="${look.accent}"/>
    <rect x="210" y="${h * 0.42}" width="${w - 420}" height="26" fill="#f4ead8"/>${posts}
    <rect x="200" y="${lawn - 60}" width="${w - 400}" height="60" fill="#8a5a3c"/>
    <path d="M0 ${lawn - 30} Q ${w / 4} ${lawn - 80} ${w / 2} ${lawn - 40} T ${w} ${lawn - 50} V ${lawn + 10} H0Z" fill="#3f6a32"/>
  </g>${lights}
  <rect y="${lawn}" width="${w}" height="${h - lawn}" fill="url(#shade)"/>
</svg>`;
}

/** Each of the tenant's backdrops: the fair at noon first, then at dusk. */
const SCENE_ART = [sceneSvg, duskSceneSvg];

async function makeScene(look: Look) {
  const tenant = SEED_TENANTS.find((t) => t.slug === look.slug);
  const scenes = Array.isArray(tenant?.sceneUrls) ? (tenant.sceneUrls as string[]) : [];
  for (const [index, scene] of scenes.entries())
    await sharp(Buffer.from(SCENE_ART[index % SCENE_ART.length]!(look)))
      .jpeg({ quality: 84, mozjpeg: true })
      .toFile(path.join(SEED_ASSETS_DIR, scene));
}

async function makePictures(look: Look, dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  await sharp(Buffer.from(logoSvg(look)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(dir, 'logo.png'));
  await sharp(Buffer.from(backgroundSvg(look)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(path.join(dir, 'background.jpg'));
}

if (process.argv[2] === 'scenes') {
  for (const look of LOOKS) await makeScene(look);
  process.exit(0);
}
if (process.argv[2] === 'pictures') {
  for (const look of LOOKS.filter((l) => process.argv.slice(3).includes(l.slug)))
    await makePictures(look, path.join(SEED_ASSETS_DIR, look.slug));
  process.exit(0);
}

for (const look of LOOKS) {
  const dir = path.join(SEED_ASSETS_DIR, look.slug);
  await makeScene(look);
  await makePictures(look, dir);
  await makeVideo(look, path.join(dir, 'processing.mp4'));
  const frame = SEED_TENANTS.find((t) => t.slug === look.slug)?.frameUrl;
  if (typeof frame === 'string' && frame) {
    await sharp(Buffer.from(brandFrameSvg(look)))
      .png({ compressionLevel: 9, palette: true })
      .toFile(path.join(SEED_ASSETS_DIR, frame));
  }
  const sizes = fs.readdirSync(dir).map((f) => `${f} ${Math.round(fs.statSync(path.join(dir, f)).size / 1024)} KB`);
  console.log(`${look.slug}: ${sizes.join(', ')}`);
}
