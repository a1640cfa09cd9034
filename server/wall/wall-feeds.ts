// The live walls of this node, one feed per tenant: every open wall of the tenant gets the whole
// wall (the newest WALL_SIZE pictures) when it connects and again after each change, so a wall
// that was away (a network drop, a restart) shows what it missed as soon as it is back, and a
// picture deleted or hidden simply is not in the next list. A change read once serves every wall
// of the tenant; a burst of changes within COALESCE_MS is read once. When the oldest result on
// the wall reaches its retention, the wall is read again at that moment, so an expired picture
// leaves at once rather than at the next sweep.
import { WALL_SIZE } from '../../contract/wall.ts';
import type { WallBus } from './wall-bus.ts';
import type { WallEntry, WallJobs } from './wall-jobs.ts';

/** Changes this close together are read as one. */
const COALESCE_MS = 50;
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Send = (entries: WallEntry[]) => void;

interface Feed {
  walls: Set<Send>;
  reading: ReturnType<typeof setTimeout> | null;
  expiry: ReturnType<typeof setTimeout> | null;
}

export class WallFeeds {
  #jobs: WallJobs;
  #feeds = new Map<string, Feed>();
  #unsubscribe: () => void;
  #onError: (error: unknown) => void;

  constructor(deps: { jobs: WallJobs; bus: WallBus; onError: (error: unknown) => void }) {
    this.#jobs = deps.jobs;
    this.#onError = deps.onError;
    this.#unsubscribe = deps.bus.subscribe((tenant) => this.#changed(tenant));
  }

  /** Walls open on this node. */
  get walls(): number {
    let n = 0;
    for (const feed of this.#feeds.values()) n += feed.walls.size;
    return n;
  }

  /** The wall now. */
  snapshot(tenant: string): Promise<WallEntry[]> {
    return this.#jobs.shown(tenant, WALL_SIZE);
  }

  /** A wall opens: it gets the wall at once, then each change, until it calls the answer. */
  async join(tenant: string, send: Send): Promise<() => void> {
    let feed = this.#feeds.get(tenant);
    if (!feed) {
      feed = { walls: new Set(), reading: null, expiry: null };
      this.#feeds.set(tenant, feed);
    }
    // In the set before the read: a change during it reaches this wall too.
    feed.walls.add(send);
    const entries = await this.snapshot(tenant);
    send(entries);
    this.#expireAt(tenant, feed, entries);
    const joined = feed;
    return () => {
      joined.walls.delete(send);
      if (joined.walls.size === 0 && this.#feeds.get(tenant) === joined) {
        this.#stop(joined);
        this.#feeds.delete(tenant);
      }
    };
  }

  close() {
    this.#unsubscribe();
    for (const feed of this.#feeds.values()) this.#stop(feed);
    this.#feeds.clear();
  }

  #changed(tenant: string) {
    const feed = this.#feeds.get(tenant);
    if (!feed || feed.reading) return;
    feed.reading = setTimeout(() => {
      feed.reading = null;
      void this.snapshot(tenant).then(
        (entries) => {
          for (const send of feed.walls) send(entries);
          this.#expireAt(tenant, feed, entries);
        },
        (error: unknown) => this.#onError(error),
      );
    }, COALESCE_MS);
  }

  #expireAt(tenant: string, feed: Feed, entries: WallEntry[]) {
    if (feed.expiry) clearTimeout(feed.expiry);
    feed.expiry = null;
    if (entries.length === 0) return;
    const first = Math.min(...entries.map((e) => e.expiresAt));
    feed.expiry = setTimeout(() => this.#changed(tenant), Math.min(MAX_TIMER_MS, Math.max(0, first - Date.now())));
    feed.expiry.unref?.();
  }

  #stop(feed: Feed) {
    if (feed.reading) clearTimeout(feed.reading);
    if (feed.expiry) clearTimeout(feed.expiry);
    feed.reading = null;
    feed.expiry = null;
  }
}
