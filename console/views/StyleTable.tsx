// Each style's figures of the tenant's day on the event page: how many guests picked it, the
// pictures it made, its failures, how often its fallback made the pictures (its provider slow,
// failing or skipped) and its turnaround. A table, so a screen reader reads each figure with its
// style and column.
import type { StyleFigures } from '../api.ts';

const seconds = (ms: number | null) => (ms === null ? 'none yet' : `${(ms / 1000).toFixed(1)} s`);

export function StyleTable({ styles, name }: { styles: StyleFigures[]; name: (id: string) => string }) {
  if (styles.length === 0) return <p>No style has been used today.</p>;
  return (
    <table>
      <caption>By style, today</caption>
      <thead>
        <tr>
          <th scope="col">Style</th>
          <th scope="col">Jobs</th>
          <th scope="col">Pictures</th>
          <th scope="col">Failed</th>
          <th scope="col">Made by its fallback</th>
          <th scope="col">Turnaround p50</th>
          <th scope="col">Turnaround p95</th>
        </tr>
      </thead>
      <tbody>
        {styles.map((style) => (
          <tr key={style.style}>
            <th scope="row">{name(style.style)}</th>
            <td>{style.jobs}</td>
            <td>{style.pictures}</td>
            <td>{style.failed}</td>
            <td>{style.fallbacks}</td>
            <td>{seconds(style.turnaroundMs.p50)}</td>
            <td>{seconds(style.turnaroundMs.p95)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
