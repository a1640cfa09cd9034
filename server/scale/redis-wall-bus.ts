// "Tenant X's wall changed" between the nodes of the scale-out path: WallBus (wall/wall-bus.ts)
// over Redis pub/sub, one channel for every tenant. A node publishes once; Redis hands the message
// to every node's subscription, its own included, and each node's feeds read the wall again
// (wall/wall-feeds.ts). The subscription has a connection of its own (a subscribed connection
// does nothing else) and resubscribes by itself after Redis was away.
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { WallBus } from '../wall/wall-bus.ts';
import { detailOf, OutageLog } from './service-call.ts';

export const WALL_CHANNEL = 'booth:wall-changed';

export class RedisWallBus implements WallBus {
  #publisher: Redis;
  #subscriber: Redis;
  #emitter = new EventEmitter();
  #outage: OutageLog;

  constructor(redisUrl: string, log: (line: string) => void) {
    this.#emitter.setMaxListeners(0);
    this.#outage = new OutageLog('event wall messages (Redis)', log);
    this.#publisher = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.#subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
    // Without listeners an 'error' event would end the process; the outage line says it once.
    this.#publisher.on('error', (error) => this.#outage.failed(detailOf(error)));
    this.#subscriber.on('error', (error) => this.#outage.failed(detailOf(error)));
    this.#subscriber.on('message', (_channel: string, tenant: string) => this.#emitter.emit('changed', tenant));
    void this.#subscriber.subscribe(WALL_CHANNEL).then(
      () => this.#outage.ok(),
      (error: unknown) => this.#outage.failed(detailOf(error)),
    );
  }

  publish(tenant: string) {
    void this.#publisher.publish(WALL_CHANNEL, tenant).then(
      () => this.#outage.ok(),
      (error: unknown) => this.#outage.failed(detailOf(error)),
    );
  }

  subscribe(listener: (tenant: string) => void) {
    this.#emitter.on('changed', listener);
    return () => {
      this.#emitter.off('changed', listener);
    };
  }

  close() {
    this.#publisher.disconnect();
    this.#subscriber.disconnect();
  }
}
