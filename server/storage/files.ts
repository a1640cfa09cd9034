// Where photos and results live on disk. Uploads exist only while their job runs.
import fs from 'node:fs';
import path from 'node:path';
import type { EngineImage } from '../engine/engine.ts';
import { extensionOf } from '../files/media-types.ts';

export class FileStore {
  readonly uploadsDir: string;
  readonly resultsDir: string;

  constructor(dataDir: string) {
    this.uploadsDir = path.join(dataDir, 'uploads');
    this.resultsDir = path.join(dataDir, 'results');
    fs.mkdirSync(this.uploadsDir, { recursive: true });
    fs.mkdirSync(this.resultsDir, { recursive: true });
  }

  /** Written before the job row, so every stored job can be run again after a crash. */
  saveUpload(jobId: string, photo: Uint8Array, extension: string): string {
    const file = path.join(this.uploadsDir, `${jobId}.${extension}`);
    fs.writeFileSync(file, photo, { mode: 0o600 });
    return file;
  }

  deleteUpload(file: string | null) {
    if (file) fs.rmSync(file, { force: true });
  }

  saveResults(jobId: string, images: EngineImage[]): string[] {
    const dir = path.join(this.resultsDir, jobId);
    fs.mkdirSync(dir, { recursive: true });
    return images.map((image, i) => {
      const name = `${i + 1}.${extensionOf(image.contentType, 'png')}`;
      fs.writeFileSync(path.join(dir, name), image.data);
      return name;
    });
  }

  /** Display copies, one per result and in the same order: `1.png` gets `1.preview.webp`. */
  savePreviews(jobId: string, previews: Uint8Array[]): string[] {
    const dir = path.join(this.resultsDir, jobId);
    fs.mkdirSync(dir, { recursive: true });
    return previews.map((data, i) => {
      const name = `${i + 1}.preview.webp`;
      fs.writeFileSync(path.join(dir, name), data);
      return name;
    });
  }

  resultPath(jobId: string, name: string): string {
    return path.join(this.resultsDir, jobId, name);
  }

  deleteResults(jobId: string) {
    fs.rmSync(path.join(this.resultsDir, jobId), { recursive: true, force: true });
  }
}
