// The queue limit, checked when a create arrives. A create that passed the check holds its place
// while its photo is still being checked, or parallel uploads would all pass the check before any
// of them reaches the runner.
import type { JobBackend } from '../jobs/job-backend.ts';

export class QueueAdmission {
  #runner: Pick<JobBackend, 'inFlight'>;
  #limit: number;
  #reserved = 0;

  constructor(runner: Pick<JobBackend, 'inFlight'>, limit: number) {
    this.#runner = runner;
    this.#limit = limit;
  }

  /**
   * A place for one more job, or null when the booth is busy. The caller releases the place once
   * the job was submitted (the runner counts it from then on) or refused.
   */
  admit(): { release(): void } | null {
    if (this.#runner.inFlight + this.#reserved >= this.#limit) return null;
    this.#reserved++;
    let held = true;
    return {
      release: () => {
        if (held) this.#reserved--;
        held = false;
      },
    };
  }
}
