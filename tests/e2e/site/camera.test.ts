// The camera screen: the preview, taking, retaking and using a photo. In Chromium, against the real
// embedded server and the real built site.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';

import { TEXT } from '../../../contract/index.ts';
import { suiteBrowser } from '../support/browser.ts';
import { action } from '../support/journey.ts';
import { readSiteData, tenant } from '../support/site-data.ts';
import { patience } from '../../support/patience.ts';

const boothUrl = inject('boothUrl');

describe('the camera screen', () => {
  const { newPage, open } = suiteBrowser({ camera: 'grace_hopper' });

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

  it("shows the front camera mirrored without audio, and takes the photo mirrored at the stream's full size", async () => {
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
        width: video.videoWidth, height: video.videoHeight, audio: stream.getAudioTracks().length,
        transform: getComputedStyle(video).transform, maxHeight: getComputedStyle(video).maxHeight,
        left: [...context.getImageData(4, y, 1, 1).data.slice(0, 3)], right: [...context.getImageData(canvas.width - 5, y, 1, 1).data.slice(0, 3)],
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
        width: img.naturalWidth, height: img.naturalHeight, cameraOff: stream.getTracks().every((t) => t.readyState === 'ended'),
        left: [...context.getImageData(4, y, 1, 1).data.slice(0, 3)], right: [...context.getImageData(canvas.width - 5, y, 1, 1).data.slice(0, 3)],
      };
    });
    expect({ width: photo.width, height: photo.height, cameraOff: photo.cameraOff }).toEqual({ width: preview.width, height: preview.height, cameraOff: true });
    // Mirrored: the photo's left edge is the camera's right edge.
    const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 24);
    expect(close(photo.left, preview.right), `${photo.left} vs ${preview.right}`).toBe(true);
    expect(close(photo.right, preview.left), `${photo.right} vs ${preview.left}`).toBe(true);
  });

  it('keeps the photo from camera to styles: picking a style starts a job and shows its result', async () => {
    const page = await open('/camera');
    await page.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0);
    await action(page, TEXT.takePhoto).click();
    await action(page, TEXT.useImage).click();
    await page.waitForURL(`${boothUrl}/styles`);
    const style = readSiteData().styles[0];
    await page.getByRole('button', { name: new RegExp(style.description) }).click();
    await page.waitForURL(new RegExp('/results/[^/]+$'), { timeout: patience(30_000) });
    // The camera shows Grace Hopper: the real engine finds her and restyles the photo.
    await page.getByRole('heading', { name: TEXT.resultHeading, exact: true }).waitFor({ timeout: patience(45_000) });
    await page.waitForFunction(() => ((document.querySelector('figure img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    expect(await page.getByRole('heading', { name: TEXT.errorHeading }).count()).toBe(0);
  });

  it('throws away a photo chosen earlier when the visitor goes back and retakes', async () => {
    const page = await open('/camera');
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
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
