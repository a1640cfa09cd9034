// Ctrl-C (or npm start stopping) in the middle of a build or bundle: the work in progress is
// thrown away, astro build is stopped with it, and the previous site stays as it was. Without
// this, Node's default handler would end the process before its cleanup ran, leaving
// .dist.building-* folders next to dist/.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

const children = new Set<ChildProcess>();
const staged = new Set<string>();
let publishing: Promise<unknown> | null = null;

export function trackChild(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

export const trackStaged = (path: string) => staged.add(path);
export const untrackStaged = (path: string) => staged.delete(path);

/**
 * Putting the finished site in place (renames, removing the old copy) runs to its end even when
 * a stop arrives meanwhile: stopped halfway, dist/ and tenants.generated.json would disagree.
 */
export async function uninterrupted<T>(work: () => Promise<T>): Promise<T> {
  const running = work();
  publishing = running;
  try {
    return await running;
  } finally {
    publishing = null;
  }
}

/** On SIGINT or SIGTERM: stop the children, remove the staged work, say so, exit 130. */
export function cleanUpOnInterrupt(what: string) {
  const stop = async (signal: NodeJS.Signals) => {
    if (publishing) {
      await publishing.catch(() => undefined);
      console.error(`The ${what} had finished when ${signal} arrived; it was kept.`);
      process.exit(130);
    }
    await Promise.all(
      [...children].map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
            child.once('exit', resolve);
            child.kill(signal);
          }),
      ),
    );
    for (const path of staged) rmSync(path, { recursive: true, force: true });
    console.error(
      `The ${what} was stopped (${signal}); what it had made so far was removed, and the previous ${what} was left as it was.`,
    );
    process.exit(130);
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGHUP', (signal) => void stop(signal));
  // Run by `npm start` (an IPC channel to it): when that process is gone, even by kill -9, the
  // work stops as if it had been told to, rather than go on for nobody.
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => void stop('SIGTERM'));
  }
}
