// A wall's live stream (GET /transformations/wall/{tenant}/events) read as a big screen's browser
// reads it: Server-Sent Events, each a whole wall. Tests wait for the wall they expect, with a bound.
import { WALL_EVENT, WallSnapshotSchema, wallEventsPath, type WallSnapshot } from '../../contract/wall.ts';

export interface WallStream {
  status: number;
  /** Every wall received, in order. */
  walls: WallSnapshot[];
  /** The first wall received from now on (or the last one already) for which `test` holds; fails after `ms`. */
  until(test: (wall: WallSnapshot) => boolean, ms: number): Promise<WallSnapshot>;
  close(): void;
}

export const idsOf = (wall: WallSnapshot) => wall.pictures.map((p) => p.id);

export async function openWall(url: string, tenant: string): Promise<WallStream> {
  const stop = new AbortController();
  const res = await fetch(url + wallEventsPath(tenant), { signal: stop.signal });
  const walls: WallSnapshot[] = [];
  const waiting = new Set<() => void>();
  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            const event = lines
              .find((l) => l.startsWith('event:'))
              ?.slice(6)
              .trim();
            const data = lines
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trimStart())
              .join('\n');
            if (event === WALL_EVENT) {
              walls.push(WallSnapshotSchema.parse(JSON.parse(data)));
              for (const wake of waiting) wake();
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Closed by the test, or by the server.
      }
    })();
  }
  return {
    status: res.status,
    walls,
    until(test, ms) {
      return new Promise((resolve, reject) => {
        const last = walls.at(-1);
        if (last && test(last)) return resolve(last);
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`No such wall within ${ms} ms; the last one: ${JSON.stringify(walls.at(-1))}`));
        }, ms);
        function check() {
          const wall = walls.at(-1);
          if (!wall || !test(wall)) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(wall);
        }
        waiting.add(check);
      });
    },
    close: () => stop.abort(),
  };
}
