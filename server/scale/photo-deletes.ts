// Photos of ended jobs leave the store in batches, a moment after their jobs ended: off the
// visitor's path (the answer goes out first), and one S3 call for many photos instead of one each.
// A batch that fails is logged and left to retention, which deletes a job's leftover photo with
// its results (worker.ts), as it does for a worker that died before its batch went out.
import { detailOf } from './service-call.ts';

/** How long a photo waits for others to go with it. */
export const PHOTO_DELETE_DELAY_MS = 200;
/** DeleteObjects takes at most this many keys. */
const BATCH_KEYS = 1000;

interface Store {
  delete(keys: string[]): Promise<void>;
}

export class PhotoDeletes {
  #store: Store;
  #log: (line: string) => void;
  #delayMs: number;
  #keys = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(store: Store, log: (line: string) => void, delayMs = PHOTO_DELETE_DELAY_MS) {
    this.#store = store;
    this.#log = log;
    this.#delayMs = delayMs;
  }

  get pending() {
    return this.#keys.size;
  }

  add(key: string) {
    this.#keys.add(key);
    this.#timer ??= setTimeout(() => void this.flush(), this.#delayMs);
  }

  /** Sends what is waiting now; resolves once every batch sent so far has been answered. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#keys.size > 0) {
      const keys = [...this.#keys].slice(0, BATCH_KEYS);
      for (const key of keys) this.#keys.delete(key);
      const sent = this.#store.delete(keys).catch((error) => {
        this.#log(`${keys.length} photo(s) of ended jobs could not be deleted (${detailOf(error)}); retention deletes them with their jobs`);
      });
      this.#running = Promise.all([this.#running, sent]).then(() => {});
    }
    return this.#running;
  }
}
