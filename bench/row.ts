// One printed figure of `npm run bench`: never pass/fail, always how it was measured.
export interface BenchRow {
  /** e.g. 'engine', 'server', 'site' */
  area: string;
  /** what is measured, e.g. 'job turnaround p50 (die-cut sticker, 3000x2400 JPEG)' */
  figure: string;
  /** the value with its unit, e.g. '0.41 s' */
  value: string;
  /** how it was measured, in a few words */
  how: string;
}

/** The rows as an aligned plain-text table. */
export function formatTable(list: BenchRow[]): string {
  const head: BenchRow = { area: 'area', figure: 'figure', value: 'value', how: 'how it was measured' };
  const all = [head, ...list];
  const width = (k: keyof BenchRow) => Math.max(...all.map((r) => r[k].length));
  const line = (r: BenchRow) =>
    `${r.area.padEnd(width('area'))}  ${r.figure.padEnd(width('figure'))}  ${r.value.padStart(width('value'))}  ${r.how}`;
  return [line(head), '-'.repeat(line(head).length), ...list.map(line)].join('\n');
}
