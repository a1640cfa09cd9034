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
