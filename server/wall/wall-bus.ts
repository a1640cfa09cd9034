// "Tenant X's wall changed": the one message every node's walls listen for. A change (a guest's
// yes or no, an approval, a hiding, a deletion) is published once; each node that has walls of
// that tenant open reads the wall again and sends it to them (wall-feeds.ts). In one process it is
// an event emitter; the scale-out path can back the same interface with Redis pub/sub, so a
// picture approved through one API node reaches a wall connected to another.
import { EventEmitter } from 'node:events';

export interface WallBus {
  /** Tells every node that the tenant's wall changed. */
  publish(tenant: string): void;
  /** Called with the tenant of each change; returns the unsubscribe. */
  subscribe(listener: (tenant: string) => void): () => void;
}

/** The embedded default's: this process only. */
export class LocalWallBus implements WallBus {
  #emitter = new EventEmitter();

  constructor() {
    // One listener per node's feeds, and tests may add their own: no leak warning for a handful.
    this.#emitter.setMaxListeners(0);
  }

  publish(tenant: string) {
    this.#emitter.emit('changed', tenant);
  }

  subscribe(listener: (tenant: string) => void) {
    this.#emitter.on('changed', listener);
    return () => {
      this.#emitter.off('changed', listener);
    };
  }
}
