// A least-recently-used cache bounded by total bytes: a busy event re-requests the same few
// backgrounds and logos from every phone.
export interface CachedImage {
  data: Uint8Array;
  contentType: string;
}

export class ImageCache {
  #entries = new Map<string, CachedImage>();
  #bytes = 0;
  #maxBytes: number;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get(key: string): CachedImage | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      // Re-inserting moves the entry to the young end of the Map's insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, image: CachedImage) {
    if (image.data.byteLength > this.#maxBytes) return;
    const old = this.#entries.get(key);
    if (old) {
      this.#bytes -= old.data.byteLength;
      this.#entries.delete(key);
    }
    this.#entries.set(key, image);
    this.#bytes += image.data.byteLength;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.data.byteLength;
    }
  }

  get size() {
    return this.#entries.size;
  }

  get bytes() {
    return this.#bytes;
  }
}
