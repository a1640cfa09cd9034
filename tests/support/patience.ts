// How long a test waits for what it expects before it gives up. Every wait in the suite is on an
// event (a log line, a state, a response, a heading); its bound is a deadline for failure, never
// the pace of a passing test. Bounds are written as the time the event takes at most on an
// ordinary day, times SLOW_DAY, so that the suite holds on a machine five times slower: a shared
// machine on a bad day, or the whole run confined to one core beside a busy process.
export const SLOW_DAY = 5;

/** The bound for something that takes at most `ordinaryMs` on an ordinary day. */
export const patience = (ordinaryMs: number) => ordinaryMs * SLOW_DAY;
