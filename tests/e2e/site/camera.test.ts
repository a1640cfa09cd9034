// The camera screen: the preview, taking, retaking and using a photo. In Chromium, against the real
// embedded server and the real built site.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';

import { TEXT } from '../../../contract/index.ts';
import { orientationOf } from '../../support/orientation.ts';
import { suiteBrowser, textCameraPhoto } from '../support/browser.ts';
import { action } from '../support/journey.ts';
import { readSiteData } from '../support/site-data.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');

describe('the camera screen', () => {
  const { open } = suiteBrowser({ camera: 'grace_hopper' });

  for (const prefix of ['', '/meadow']) {
    it(`takes, retakes and uses a photo on the camera screen of ${prefix || 'the default tenant'}`, async () => {
      const page = await open(`${prefix}/camera`);
      await page.getByRole('heading', { name: TEXT.cameraHeading }).waitFor();
      await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
      await action(page, TEXT.takePhoto).click();
      await page.getByRole('img', { name: 'Your photo' }).waitFor();
      await action(page, TEXT.retakePhoto).click();
      await action(page, TEXT.takePhoto).waitFor();
      expect(await page.getByRole('img', { name: 'Your photo' }).count()).toBe(0);
      await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
      await action(page, TEXT.takePhoto).click();
      const photo = await page.getByRole('img', { name: 'Your photo' }).getAttribute('src');
      expect(photo).toMatch(/^data:image\/jpeg;base64,/);
      await action(page, TEXT.useImage).click();
      await page.waitForURL(`${boothUrl}${prefix}/styles`);
      await page.getByRole('heading', { name: TEXT.stylesHeading }).waitFor();
    });
  }

  it("shows the front camera mirrored without audio, and takes the camera's true image at the stream's full size", async () => {
    const page = await open('/camera');
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    const preview = await page.locator('video').evaluate((video: HTMLVideoElement) => {
      const stream = video.srcObject as MediaStream;
      (window as unknown as { cameraStream: MediaStream }).cameraStream = stream;
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [video.videoWidth, video.videoHeight];
      const context = canvas.getContext('2d')!;
      context.drawImage(video, 0, 0);
      const y = Math.floor(canvas.height / 2);
      return {
        width: video.videoWidth,
        height: video.videoHeight,
        audio: stream.getAudioTracks().length,
        transform: getComputedStyle(video).transform,
        maxHeight: getComputedStyle(video).maxHeight,
        left: [...context.getImageData(4, y, 1, 1).data.slice(0, 3)],
        right: [...context.getImageData(canvas.width - 5, y, 1, 1).data.slice(0, 3)],
      };
    });
    expect(preview).toMatchObject({ audio: 0, transform: 'matrix(-1, 0, 0, 1, 0, 0)', maxHeight: '350px' });
    await action(page, TEXT.takePhoto).click();
    const photo = await page.getByRole('img', { name: 'Your photo' }).evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const y = Math.floor(canvas.height / 2);
      const stream = (window as unknown as { cameraStream: MediaStream }).cameraStream;
      return {
        width: img.naturalWidth,
        height: img.naturalHeight,
        cameraOff: stream.getTracks().every((t) => t.readyState === 'ended'),
        left: [...context.getImageData(4, y, 1, 1).data.slice(0, 3)],
        right: [...context.getImageData(canvas.width - 5, y, 1, 1).data.slice(0, 3)],
      };
    });
    expect({ width: photo.width, height: photo.height, cameraOff: photo.cameraOff }).toEqual({
      width: preview.width,
      height: preview.height,
      cameraOff: true,
    });
    // Not mirrored: the photo's left edge is the camera's left edge (the preview only shows it mirrored).
    const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 24);
    expect(close(photo.left, preview.left), `${photo.left} vs ${preview.left}`).toBe(true);
    expect(close(photo.right, preview.right), `${photo.right} vs ${preview.right}`).toBe(true);
    expect(close(photo.left, preview.right), 'the two edges differ, or this test would prove nothing').toBe(false);
  });

  it('keeps the photo from camera to styles: picking a style starts a job and shows its result', async () => {
    const page = await open('/camera');
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/styles`);
    const style = readSiteData().styles[0];
    await page.getByRole('button', { name: new RegExp(style.description) }).click();
    await page.waitForURL(/\/results\/[^/]+$/, { timeout: patience(30_000) });
    // The camera shows Grace Hopper: the real engine finds her and restyles the photo.
    await page.getByRole('heading', { name: TEXT.resultHeading, exact: true }).waitFor({ timeout: patience(45_000) });
    await page.waitForFunction(
      () => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    expect(await page.getByRole('heading', { name: TEXT.errorHeading }).count()).toBe(0);
  });

  it('throws away a photo chosen earlier when the visitor goes back and retakes', async () => {
    const page = await open('/camera');
    // A job's create call; the visitor's pass (POST /transformations/visitors/) is no job.
    const posts: string[] = [];
    page.on(
      'request',
      (r) => r.method() === 'POST' && r.url().includes('/transformations/jobs/') && posts.push(r.url()),
    );
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/styles`);
    await page.goBack();
    await page.waitForURL(`${boothUrl}/camera`);
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.retakePhoto).click();
    await page.goForward();
    await page.waitForURL(`${boothUrl}/styles`);
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    await page.getByText(TEXT.noImage).waitFor();
    expect(posts).toEqual([]);
  });
});

describe('the photo the camera sends', () => {
  const { open } = suiteBrowser({ camera: 'text' });

  it('is the camera image as it is, not the mirrored preview: a word on the chest reads right in the job and its result', async () => {
    const camera = readFileSync(await textCameraPhoto());
    const page = await open('/camera');
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    // The photo just taken is shown as the preview was, mirrored; only the display is.
    const still = page.getByRole('img', { name: 'Your photo' });
    expect(await still.evaluate((img) => getComputedStyle(img).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/styles`);
    const posted: Promise<string> = new Promise((resolve) => {
      void page.route('**/transformations/jobs/create/', async (route) => {
        resolve((route.request().postDataJSON() as { image: string }).image);
        await route.continue();
      });
    });
    await page.getByRole('button', { name: new RegExp(readSiteData().styles[0].description) }).click();
    const image = Buffer.from((await posted).replace(/^data:image\/jpeg;base64,/, ''), 'base64');
    const sent = await orientationOf(image, camera);
    expect(sent.straight, `the posted photo: ${JSON.stringify(sent)}`).toBeGreaterThan(sent.mirrored + 0.15);

    await page.getByRole('heading', { name: TEXT.resultHeading, exact: true }).waitFor({ timeout: patience(45_000) });
    const src = await page.locator('figure img').first().getAttribute('src');
    const result = Buffer.from(await (await page.request.get(new URL(src!, boothUrl).href)).body());
    const kept = await orientationOf(result, camera);
    expect(kept.straight, `the result: ${JSON.stringify(kept)}`).toBeGreaterThan(kept.mirrored + 0.15);
  });
});
