// The event at a glance for one tenant: jobs in the last hour and today, turnaround, each style's
// figures, errors, the queue, and today's results with delete (one, or all of the tenant's). Refreshed every
// 30 s while open. A booth without these routes says so.
import { useEffect, useState } from 'react';
import { API, call, isMissingRoute, type EventFigures, type Result, type Style } from '../api.ts';
import { say } from '../state.ts';
import { ConfirmButton, Heading, Problem } from '../parts.tsx';
import { StyleTable } from './StyleTable.tsx';
import { WallModeration } from './WallModeration.tsx';
import { EventLeads } from './EventLeads.tsx';

const REFRESH_MS = 30_000;
const UNAVAILABLE = 'The event figures are not available on this booth: its server has no event routes.';
const seconds = (ms: number | null) => (ms === null ? 'none yet' : `${(ms / 1000).toFixed(1)} s`);

export function EventView({ slug }: { slug: string }) {
  const [figures, setFigures] = useState<EventFigures | null>(null);
  const [results, setResults] = useState<Result[] | null>(null);
  const [error, setError] = useState('');
  const [styles, setStyles] = useState<Map<string, string>>(new Map());

  const load = async () => {
    const [f, r] = await Promise.all([
      call<EventFigures>('GET', `/tenants/${slug}/events`),
      call<{ results: Result[] }>('GET', `/tenants/${slug}/results`),
    ]);
    if (f.ok) setFigures(f.data);
    if (r.ok) setResults(r.data.results);
    const failed = !f.ok ? f : !r.ok ? r : null;
    setError(failed ? (isMissingRoute(failed) ? UNAVAILABLE : failed.error) : '');
  };

  useEffect(() => {
    void call<Style[]>('GET', '/styles').then(
      (answer) => answer.ok && setStyles(new Map(answer.data.map((s) => [s.id, s.description]))),
    );
  }, []);
  const styleName = (id: string) => styles.get(id) ?? id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads the slug: the refresh starts again for another tenant, not on each render.
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [slug]);

  const remove = async (id: string) => {
    const answer = await call('DELETE', `/tenants/${slug}/results/${encodeURIComponent(id)}`);
    say(answer.ok ? 'The result is deleted.' : answer.error);
    await load();
  };
  const removeAll = async () => {
    const answer = await call<{ deleted: number }>('DELETE', `/tenants/${slug}/results`);
    say(answer.ok ? `${answer.data.deleted} result(s) deleted.` : answer.error);
    await load();
  };

  return (
    <>
      <Heading>The event at a glance: {slug}</Heading>
      <p>
        <a href={`#/tenants/${slug}`}>Back to the tenant</a> ·{' '}
        <a href={`${API}/tenants/${slug}/results.zip`} download>
          Download every current result (ZIP)
        </a>{' '}
        ·{' '}
        <button
          type="button"
          onClick={() => {
            void load().then(() => say('Refreshed.'));
          }}
        >
          Refresh
        </button>
      </p>
      <Problem>{error}</Problem>
      <WallModeration slug={slug} />
      <EventLeads slug={slug} />
      {figures ? (
        <>
          <table>
            <caption>Jobs</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Created</th>
                <th scope="col">Completed</th>
                <th scope="col">Failed</th>
                <th scope="col">Deleted since</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Last hour</th>
                <td>{figures.lastHour.created}</td>
                <td>{figures.lastHour.completed}</td>
                <td>{figures.lastHour.failed}</td>
                <td>{figures.lastHour.deleted}</td>
              </tr>
              <tr>
                <th scope="row">Today</th>
                <td>{figures.today.created}</td>
                <td>{figures.today.completed}</td>
                <td>{figures.today.failed}</td>
                <td>{figures.today.deleted}</td>
              </tr>
            </tbody>
          </table>
          <p className="hint">
            A result deleted here (a guest's request) still counts as created and completed, and is counted as deleted.
          </p>
          <p>
            Turnaround today: median (p50) {seconds(figures.turnaroundMs.p50)}, p95 {seconds(figures.turnaroundMs.p95)}.
          </p>
          <p>
            Queue of the booth: {figures.queue.waiting} waiting, {figures.queue.running} running,{' '}
            {figures.queue.workers} worker(s).
          </p>
          {figures.styles ? <StyleTable styles={figures.styles} name={styleName} /> : null}
          <h2>Errors today</h2>
          {figures.errors.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul>
              {figures.errors.map((e) => (
                <li key={e.message}>
                  {e.message} ({e.count})
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      {results ? (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading">Today's results ({results.length})</h2>
          {results.length === 0 ? (
            <p>No results today.</p>
          ) : (
            <ul className="gallery event-results">
              {results.map((r) => (
                <li key={r.id}>
                  {r.previewUrl ? (
                    <img
                      src={r.previewUrl}
                      alt={`Result in the style ${styleName(r.style)}, finished ${new Date(r.finishedAt).toLocaleTimeString()}`}
                      loading="lazy"
                      width={180}
                    />
                  ) : (
                    <p>No image</p>
                  )}
                  <time dateTime={r.finishedAt}>{new Date(r.finishedAt).toLocaleTimeString()}</time>
                  <span className="result-style">{styleName(r.style)}</span>
                  {r.imageUrls[0] ? (
                    <a href={r.imageUrls[0]} target="_blank" rel="noopener noreferrer">
                      Open
                      <span className="visually-hidden">
                        {' '}
                        the result of {new Date(r.finishedAt).toLocaleTimeString()} in a new tab
                      </span>
                    </a>
                  ) : null}
                  <ConfirmButton
                    label={`Delete result ${r.id.slice(0, 8)}`}
                    question="Delete this result? Its address stops working."
                    confirmLabel="Yes, delete it"
                    onConfirm={() => remove(r.id)}
                  />
                </li>
              ))}
            </ul>
          )}
          <ConfirmButton
            label="Delete all results of this tenant"
            question={`Delete every job and result of ${slug}? This cannot be undone.`}
            confirmLabel="Yes, delete all"
            onConfirm={removeAll}
          />
        </section>
      ) : null}
    </>
  );
}
