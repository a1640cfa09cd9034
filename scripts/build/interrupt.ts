// Ctrl-C (or npm start stopping) in the middle of a build or bundle: the work in progress is
// thrown away, astro build is stopped with it, and the previous site stays as it was. Without
// this, Node's default handler would end the process before its cleanup ran, leaving
// .dist.building-* folders next to dist/.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

const children = new Set<ChildProcess>();
const staged = new Set<string>();

export function trackChild(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

export const trackStaged = (path: string) => staged.add(path);
export const untrackStaged = (path: string) => staged.delete(path);

/** On SIGINT or SIGTERM: stop the children, remove the staged work, say so, exit 130. */
export function cleanUpOnInterrupt(what: string) {
  const stop = async (signal: NodeJS.Signals) => {
    await Promise.all(
      [...children].map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill(signal))))),
    );
    for (const path of staged) rmSync(path, { recursive: true, force: true });
    console.error(`The ${what} was stopped (${signal}); what it had made so far was removed, and the previous ${what} was left as it was.`);
    process.exit(130);
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));
}
