// Reading the results screen's QR code as a phone's camera would: from a screenshot of the code.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from 'playwright';
import { expect } from 'vitest';
import { patience } from '../../support/patience.ts';

async function decode(shot: Buffer): Promise<string | null> {
  const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/**
 * The link in the page's QR code. The code is read once the screen has settled (its pictures
 * loaded, its fonts in), and read again while it does not decode: a screenshot taken while a
 * late picture moved the layout is a clip of the wrong place, which no phone would see for more
 * than a moment. A code that never reads fails, with its last screenshot kept under .test-runs/.
 */
export async function readQrCode(page: Page): Promise<string> {
  const code = page.locator('svg.booth-qr-code');
  await code.waitFor();
  await page.waitForFunction(
    () => document.fonts.status === 'loaded' && [...document.images].every((img) => img.complete),
    undefined,
    { timeout: patience(10_000) },
  );
  let shot: Buffer = Buffer.alloc(0);
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        shot = await code.screenshot();
        link = await decode(shot);
        return link;
      },
      { timeout: patience(6_000), interval: 250 },
    )
    .not.toBeNull()
    .catch(async (error: unknown) => {
      const dir = join(import.meta.dirname, '..', '..', '..', '.test-runs', 'qr');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `unread-${Date.now()}.png`), shot);
      throw error;
    });
  return link!;
}
