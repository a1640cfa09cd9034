// "Tenant X's wall changed" between the nodes of the scale-out path: WallBus (wall/wall-bus.ts)
// over Redis pub/sub, one channel for every tenant. A node publishes once; Redis hands the message
// to every node's subscription, its own included, and each node's feeds read the wall again
// (wall/wall-feeds.ts). The subscription has a connection of its own (a subscribed connection
// does nothing else) and resubscribes by itself after Redis was away.
//
// Pub/sub keeps nothing: a message published while a node's subscription is down never reaches
// it. So each publish also counts the tenant's changes in a Redis hash (one transaction with the
// message), and a node whose subscription comes back reads the counts and tells its walls of
// every tenant whose count moved meanwhile: they read their wall again and show what happened.
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { WallBus } from '../wall/wall-bus.ts';
import { detailOf, OutageLog } from './service-call.ts';

export const WALL_CHANNEL = 'booth:wall-changed';
/** Each tenant's count of wall changes, read by a node whose subscription was down. */
export const WALL_VERSIONS_KEY = 'booth:wall-versions';
/** A catch-up that Redis refused is tried again this much later. */
const CATCH_UP_RETRY_MS = 1_000;

export class RedisWallBus implements WallBus {
  #publisher: Redis;
  #subscriber: Redis;
  #emitter = new EventEmitter();
  #outage: OutageLog;
  /** The counts as last read; null before the first read. */
  #versions: Record<string, string> | null = null;
  #subscribedBefore = false;
  #closed = false;
  #retry: NodeJS.Timeout | null = null;

  constructor(redisUrl: string, log: (line: string) => void) {
    this.#emitter.setMaxListeners(0);
    this.#outage = new OutageLog('event wall messages (Redis)', log);
    this.#publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    // Named after its process, so that ops (and a test) can tell one node's subscription in CLIENT LIST.
    this.#subscriber = new Redis(redisUrl, {
      maxRetriesPerRequest: null,
      connectionName: `booth-wall-bus-${process.pid}`,
    });
    // Without listeners an 'error' event would end the process; the outage line says it once.
    this.#publisher.on('error', (error) => this.#outage.failed(detailOf(error)));
    this.#subscriber.on('error', (error) => this.#outage.failed(detailOf(error)));
    this.#subscriber.on('message', (_channel: string, tenant: string) => this.#emitter.emit('changed', tenant));
    void this.#subscriber.subscribe(WALL_CHANNEL).then(
      () => {
        this.#outage.ok();
        void this.#catchUp();
      },
      (error: unknown) => this.#outage.failed(detailOf(error)),
    );
    // 'ready' again: the connection came back. Once Redis confirms the subscription (asked again
    // here: a second SUBSCRIBE to the same channel changes nothing), what was missed is read: a
    // change after that read comes as a message.
    this.#subscriber.on('ready', () => {
      if (!this.#subscribedBefore) return;
      void this.#subscriber.subscribe(WALL_CHANNEL).then(
        () => this.#catchUp(),
        () => {}, // down again: the next 'ready' tries again
      );
    });
  }

  publish(tenant: string) {
    void this.#publisher
      .multi()
      .hincrby(WALL_VERSIONS_KEY, tenant, 1)
      .publish(WALL_CHANNEL, tenant)
      .exec()
      .then(
        () => this.#outage.ok(),
        (error: unknown) => this.#outage.failed(detailOf(error)),
      );
  }

  /** Reads the counts; after the first read, tells the walls of every tenant whose count moved. */
  async #catchUp() {
    if (this.#closed) return;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    this.#subscribedBefore = true;
    let now: Record<string, string>;
    try {
      now = await this.#publisher.hgetall(WALL_VERSIONS_KEY);
    } catch {
      // The publishing connection is not back yet: again in a moment.
      this.#retry = setTimeout(() => void this.#catchUp(), CATCH_UP_RETRY_MS);
      this.#retry.unref();
      return;
    }
    const before = this.#versions;
    this.#versions = now;
    if (before === null) return;
    for (const [tenant, version] of Object.entries(now))
      if (before[tenant] !== version) this.#emitter.emit('changed', tenant);
  }

  subscribe(listener: (tenant: string) => void) {
    this.#emitter.on('changed', listener);
    return () => {
      this.#emitter.off('changed', listener);
    };
  }

  close() {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#publisher.disconnect();
    this.#subscriber.disconnect();
  }
}
