// The local engine of this checkout against another one (BENCH_COMPARE_WITH: a worktree of the
// previous commit, with its own node_modules), back to back in one process: each style's jobs
// alternate between the two engines on the same photo, so a shared machine's slow minutes fall on
// both alike. CPU time per job (every thread: the JS, sharp's and the models') is the figure; a
// wall clock on a busy machine says more about the neighbours. BENCH_COMPARE_ROUNDS (default 8).
//   git worktree add /tmp/before HEAD~1 && (cd /tmp/before && npm ci)
//   BENCH_COMPARE_WITH=/tmp/before npm run bench -- engine-compare
import { resolve } from 'node:path';
import type { Engine } from '../server/engine/engine.ts';
import { benchPhoto } from './engine.ts';
import type { BenchRow } from './row.ts';
import { median } from './stats.ts';

async function engineOf(root: string): Promise<Engine> {
  const { LocalEngine } = (await import(resolve(root, 'server/engine/local/local-engine.ts'))) as {
    LocalEngine: new () => Engine;
  };
  const engine = new LocalEngine();
  await engine.start();
  return engine;
}

/** CPU ms of one job: user and system time of the whole process while it ran. */
async function cpuOf(engine: Engine, photo: Uint8Array, styleId: string): Promise<number> {
  const before = process.cpuUsage();
  await engine.restyle({ photo, styleId });
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

export default async function compareEngines(): Promise<BenchRow[]> {
  const other = process.env.BENCH_COMPARE_WITH;
  if (!other)
    return [
      {
        area: 'engine-compare',
        figure: 'not measured',
        value: '-',
        how: 'set BENCH_COMPARE_WITH to a checkout of the commit to compare with',
      },
    ];
  const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 8);
  const [before, after] = [await engineOf(other), await engineOf(resolve(import.meta.dirname, '..'))];
  const photo = await benchPhoto();
  const shared = after
    .styles()
    .map((s) => s.id)
    .filter((id) => before.styles().some((s) => s.id === id));
  const rows: BenchRow[] = [];
  const times = new Map(after.styles().map((s) => [s.id, { before: [] as number[], after: [] as number[] }]));
  for (let round = 0; round < rounds; round++) {
    for (const { id } of after.styles()) {
      const t = times.get(id)!;
      // Who goes first alternates, so neither always runs on a warmer cache.
      const order = shared.includes(id)
        ? round % 2
          ? (['before', 'after'] as const)
          : (['after', 'before'] as const)
        : (['after'] as const);
      for (const side of order) t[side].push(await cpuOf(side === 'before' ? before : after, photo, id));
    }
  }
  const dieCut = median(times.get('die-cut-sticker')!.after);
  for (const [id, t] of times) {
    const now = median(t.after);
    const value = t.before.length ? `${(now / median(t.before)).toFixed(2)}x` : `${(now / dieCut).toFixed(2)}x die-cut`;
    const how = t.before.length
      ? `CPU ms per job, median of ${rounds}: ${median(t.before).toFixed(0)} before, ${now.toFixed(0)} now`
      : `new style: ${now.toFixed(0)} CPU ms against the die-cut sticker's ${dieCut.toFixed(0)}`;
    const figure = t.before.length
      ? `CPU per job, now / before (${id})`
      : `CPU per job, new style / die-cut sticker (${id})`;
    rows.push({ area: 'engine-compare', figure, value, how });
  }
  rows.push({
    area: 'engine-compare',
    figure: 'process resident memory, both engines',
    value: `${Math.round(process.memoryUsage().rss / 1e6)} MB`,
    how: 'after the run',
  });
  await Promise.all([before.close(), after.close()]);
  return rows;
}
