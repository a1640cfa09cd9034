// How the scale-out path connects to Redis: the two kinds of connection BullMQ and the stores use.

/** ioredis options of a connection that answers at once when Redis is down, instead of queueing the call. */
export const failFast = (url: string) => ({ url, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
/** ioredis options of a blocking connection (a worker, the event stream): BullMQ wants these to wait. */
export const waitForever = (url: string) => ({ url, maxRetriesPerRequest: null });
