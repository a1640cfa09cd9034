// The event's ZIP: every current result of a tenant, streamed as it is read. yazl (MIT) writes
// each entry as its turn comes, opening the file only then, so the answer starts with the first
// picture and memory holds a chunk or two, however many pictures the event made. Pictures are
// stored, not deflated: PNG, JPEG and WebP are compressed already.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ArchiveEntry } from '../jobs/event-jobs.ts';

/**
 * The ZIP of `entries` as a stream; a file gone before the ZIP starts (deleted, expired) is left
 * out. An entry of the store (the scale-out path) is opened when its turn comes, one object's
 * stream at a time: the archive is never held whole, on either path.
 */
export function zipStream(
  entries: readonly ArchiveEntry[],
  open: (file: string) => Readable = (file) => fs.createReadStream(file),
): Readable {
  const zip = new yazl.ZipFile();
  for (const entry of entries.filter((e) => e.open || fs.existsSync(e.file))) {
    zip.addReadStreamLazy(entry.name, { mtime: entry.mtime, compress: false }, (done) => {
      const opened = entry.open ? entry.open() : Promise.resolve().then(() => open(entry.file));
      opened.then(
        (stream) => done(null, stream),
        (error: unknown) => done(error as Error, null as unknown as Readable),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
