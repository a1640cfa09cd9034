// Requests holding their answer (`?wait=`) until a job ends, woken when it does.
export class JobWaiters {
  #waiting = new Map<string, Set<() => void>>();

  /** Resolves when the job ends, after `ms`, or when the request is aborted, whichever is first. */
  wait(jobId: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set = this.#waiting.get(jobId) ?? new Set();
      this.#waiting.set(jobId, set);
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        set.delete(done);
        if (set.size === 0 && this.#waiting.get(jobId) === set) this.#waiting.delete(jobId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      set.add(done);
    });
  }

  /** Some request here is waiting for this job. */
  has(jobId: string) {
    return this.#waiting.has(jobId);
  }

  notify(jobId: string) {
    for (const done of [...(this.#waiting.get(jobId) ?? [])]) done();
  }
}
