// A stop that arrives while the finished site is being put in place waits for that step: the
// site and its data are never left half swapped.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { RUNS, runScript } from './support/run-script.ts';

it('lets the publishing step finish before a stopped build exits', async () => {
  const dir = join(RUNS, 'interrupt');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const marker = join(dir, 'published');
  const run = await runScript('tests/integration/pipeline/support/publish-under-signal.ts', {}, [marker]);
  expect(run.code).toBe(130);
  expect(run.stderr).toMatch(/The build had finished when SIGINT arrived; it was kept\./);
  expect(existsSync(marker)).toBe(true);
});
