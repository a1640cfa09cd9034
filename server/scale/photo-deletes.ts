// Photos of ended jobs leave the store one call at a time: a photo whose job ends while a call is
// out goes with the next one, so a busy worker makes one S3 call for many photos instead of one
// each. A call that fails is logged and its photos left to retention, which deletes a job's
// leftover photo with its results (worker.ts), as it does when a worker died with photos waiting.
import { detailOf } from './service-call.ts';

/** DeleteObjects takes at most this many keys. */
const BATCH_KEYS = 1000;

interface Store {
  delete(keys: string[]): Promise<void>;
}

export class PhotoDeletes {
  #store: Store;
  #log: (line: string) => void;
  #keys = new Set<string>();
  #sending: Promise<void> | null = null;

  constructor(store: Store, log: (line: string) => void) {
    this.#store = store;
    this.#log = log;
  }

  get pending() {
    return this.#keys.size;
  }

  add(key: string) {
    this.#keys.add(key);
    if (!this.#sending) this.#send();
  }

  /** Resolves once every photo added so far has been sent and answered (a worker stopping). */
  async flush() {
    while (this.#sending) await this.#sending;
  }

  #send() {
    const keys = [...this.#keys].slice(0, BATCH_KEYS);
    for (const key of keys) this.#keys.delete(key);
    this.#sending = this.#store
      .delete(keys)
      .catch((error) =>
        this.#log(
          `${keys.length} photo(s) of ended jobs could not be deleted (${detailOf(error)}); retention deletes them with their jobs`,
        ),
      )
      .finally(() => {
        this.#sending = null;
        if (this.#keys.size > 0) this.#send();
      });
  }
}
