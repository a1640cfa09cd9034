// Sharing a result: the first image, loaded cross-origin and drawn to a canvas, shared as a PNG
// file named ai_me.png with the spec's title and the prompt as text.
import { TEXT } from '../../contract/constants.ts';

export const SHARE_FILE_TYPE = 'image/png';

export interface ShareNavigator {
  canShare?: (data?: ShareData) => boolean;
  share?: (data?: ShareData) => Promise<void>;
}

/** Whether this browser can share files: the screen shows Share, else Download. */
export function canShareFiles(nav: ShareNavigator | undefined): boolean {
  if (!nav?.canShare || !nav.share) return false;
  try {
    return nav.canShare({ files: [new File([], TEXT.shareFileName, { type: SHARE_FILE_TYPE })] });
  } catch {
    return false;
  }
}

export const shareFile = (png: Blob) => new File([png], TEXT.shareFileName, { type: SHARE_FILE_TYPE });

export function shareData(file: File, prompt: string, title: string = TEXT.shareTitle): ShareData {
  return { files: [file], title, text: prompt };
}

/** Load an image cross-origin (the server answers with CORS) and re-encode it as PNG. */
export function imageToPng(url: string): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext('2d')?.drawImage(img, 0, 0);
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be drawn.'))),
        SHARE_FILE_TYPE,
      );
    };
    img.onerror = () => reject(new Error('The image could not be loaded.'));
    img.src = url;
  });
}

/**
 * Share an image: the first, or the one the guest chose of several. Its file is made on first use
 * only and kept for later shares of the same image. Unsupported sharing is only logged, as the
 * spec says.
 */
export function createSharer(
  nav: ShareNavigator | undefined,
  toPng: (url: string) => Promise<Blob> = imageToPng,
  log = console.log,
) {
  let kept: { url: string; file: File } | undefined;
  return async function share(imageUrl: string, prompt: string, title?: string): Promise<boolean> {
    if (!canShareFiles(nav)) {
      log(TEXT.shareUnsupported);
      return false;
    }
    if (kept?.url !== imageUrl) kept = { url: imageUrl, file: shareFile(await toPng(imageUrl)) };
    const data = shareData(kept.file, prompt, title);
    if (nav?.canShare && !nav.canShare(data)) {
      log(TEXT.shareUnsupported);
      return false;
    }
    await nav!.share!(data);
    return true;
  };
}
