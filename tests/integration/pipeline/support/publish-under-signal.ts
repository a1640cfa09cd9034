// A build process in miniature for the interrupt test: it starts putting a site in place, is
// sent SIGINT meanwhile, and must finish that step before it exits.
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { cleanUpOnInterrupt, uninterrupted } from '../../../../scripts/pipeline/interrupt.ts';

const marker = process.argv[2]!;
cleanUpOnInterrupt('build');
await uninterrupted(async () => {
  // The stop is seen before the step goes on, however busy the machine is (the timer keeps the
  // process alive meanwhile: a signal listener alone does not).
  const seen = new Promise((resolve) => process.once('SIGINT', resolve));
  const alive = setTimeout(() => undefined, 30_000);
  process.kill(process.pid, 'SIGINT');
  await seen;
  clearTimeout(alive);
  await sleep(300);
  writeFileSync(marker, 'published');
});
