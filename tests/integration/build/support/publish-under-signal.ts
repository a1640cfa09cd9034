// A build process in miniature for the interrupt test: it starts putting a site in place, is
// sent SIGINT meanwhile, and must finish that step before it exits.
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { cleanUpOnInterrupt, uninterrupted } from '../../../../scripts/build/interrupt.ts';

const marker = process.argv[2]!;
cleanUpOnInterrupt('build');
await uninterrupted(async () => {
  process.kill(process.pid, 'SIGINT');
  await sleep(300);
  writeFileSync(marker, 'published');
});
