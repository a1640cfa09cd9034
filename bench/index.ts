// `npm run bench`: every benchmark in one run, printed as one table. Figures only, never
// pass/fail: targets are read against them by people (see the issues and README).
// `npm run bench -- engine server` runs only the named parts.
import { formatTable, type BenchRow } from './row.ts';

const PARTS = [
  'engine',
  'engine-compare',
  'turnaround',
  'abuse',
  'engines',
  'scale',
  'server',
  'console-events',
  'scale-events',
  'wall',
  'outbox',
  'site-build',
  'site',
  'publish',
] as const;
const wanted = process.argv.slice(2);
const parts = wanted.length ? PARTS.filter((p) => wanted.includes(p)) : PARTS;

const rows: BenchRow[] = [];
for (const part of parts) {
  const started = performance.now();
  process.stderr.write(`bench: ${part}...\n`);
  try {
    const mod = (await import(`./${part}.ts`)) as { default: () => Promise<BenchRow[]> };
    rows.push(...(await mod.default()));
  } catch (error) {
    rows.push({
      area: part,
      figure: 'not measured',
      value: '-',
      how: `failed: ${(error as Error).message.split('\n')[0]}`,
    });
  }
  process.stderr.write(`bench: ${part} took ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

console.log(formatTable(rows));
