// Publish: rebuild the site for the changed tenants (or all), follow the run by long polling
// (?wait=), and list the build's problems. A booth without the publish routes says so.
import { useEffect, useRef, useState } from 'react';
import { bundleUrl, call, isMissingRoute, type Account, type PublishState, type Run, type TenantView } from '../api.ts';
import { say } from '../state.ts';
import { Heading, Problem } from '../parts.tsx';

const WAIT_SECONDS = 25;
const UNAVAILABLE =
  'Publishing is not available on this booth: its server has no publish routes. Rebuild the site with npm run build instead.';

export function Publish({ account }: { account: Account }) {
  const [state, setState] = useState<PublishState | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [slugs, setSlugs] = useState<string[]>([]);
  const alive = useRef(true);

  const follow = async (start: Run) => {
    let current = start;
    setRun(current);
    while (alive.current && current.status === 'running') {
      const answer = await call<Run>('GET', `/publish/${encodeURIComponent(current.id)}?wait=${WAIT_SECONDS}`);
      if (!alive.current) return;
      if (!answer.ok) {
        setError(answer.error);
        return;
      }
      current = answer.data;
      setRun(current);
    }
    if (!alive.current) return;
    say(
      current.status === 'succeeded'
        ? 'The site is published.'
        : `Publishing failed: ${current.error ?? 'see the problems below'}`,
    );
    const again = await call<PublishState>('GET', '/publish');
    if (alive.current && again.ok) setState(again.data);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening the page only; follow is made anew each render and follows the run found then.
  useEffect(() => {
    alive.current = true;
    void call<TenantView[]>('GET', '/tenants').then((answer) => answer.ok && setSlugs(answer.data.map((t) => t.slug)));
    void call<PublishState>('GET', '/publish').then((answer) => {
      if (!answer.ok) return setError(isMissingRoute(answer) ? UNAVAILABLE : answer.error);
      setState(answer.data);
      const shown = answer.data.running ?? answer.data.last;
      if (answer.data.running) void follow(answer.data.running);
      else if (shown) setRun(shown);
    });
    return () => {
      alive.current = false;
    };
  }, []);

  const publish = async (body: object) => {
    setBusy(true);
    setError('');
    const answer = await call<Run>('POST', '/publish', body);
    setBusy(false);
    if (answer.ok) {
      say('Publishing started.');
      return follow(answer.data);
    }
    const running = (answer.body as { run?: Run }).run;
    if (answer.status === 409 && running) {
      say('A publish is running already; following it.');
      return follow(running);
    }
    setError(isMissingRoute(answer) ? UNAVAILABLE : answer.error);
  };

  const running = run?.status === 'running';
  return (
    <>
      <Heading>Publish</Heading>
      <Problem>{error}</Problem>
      {state ? (
        <>
          <h2>Changed since the last build</h2>
          {state.changed.length === 0 ? (
            <p>No tenant has changed.</p>
          ) : (
            <ul data-testid="changed">
              {state.changed.map((slug) => (
                <li key={slug}>
                  <code>{slug}</code>
                </li>
              ))}
            </ul>
          )}
          {state.removed?.length ? (
            <>
              <h2>Deleted since the last build</h2>
              <p>
                Their pages stopped being served when they were deleted. Publishing drops them from the site's files
                too.
              </p>
              <ul data-testid="removed">
                {state.removed.map((slug) => (
                  <li key={slug}>
                    <code>{slug}</code> (deleted)
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <p className="hint">
            Publishing puts the saved branding on the booth: its pages, and the frame, logo mark, mirror and scene of
            the results made from then on.
          </p>
          <p>
            <button type="button" disabled={busy || running} onClick={() => void publish({})}>
              Publish the changed tenants
            </button>{' '}
            {account.role === 'operator' ? (
              <button type="button" disabled={busy || running} onClick={() => void publish({ all: true })}>
                Publish every tenant
              </button>
            ) : null}
          </p>
        </>
      ) : error ? null : (
        <p>Loading…</p>
      )}
      {run ? <RunReport run={run} /> : null}
      {state && slugs.length ? (
        <section aria-labelledby="bundles-heading">
          <h2 id="bundles-heading">Static bundles, as last published</h2>
          <ul>
            {slugs.map((slug) => (
              <li key={slug}>
                <a href={bundleUrl(slug)} download>
                  Download bundle of {slug}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function RunReport({ run }: { run: Run }) {
  const tenants = run.tenants === 'all' ? null : run.tenants;
  const label = { running: 'Publishing', succeeded: 'Published', failed: 'Failed' }[run.status];
  return (
    <section aria-labelledby="run-heading">
      <h2 id="run-heading">
        {run.status === 'running' ? 'This publish' : 'The last publish'}: {label}
      </h2>
      <p>
        <label htmlFor="run-progress">Progress</label>{' '}
        <progress id="run-progress" max={Math.max(run.progress.total, 1)} value={run.progress.done} />{' '}
        {run.progress.done} of {run.progress.total}
      </p>
      <p>{run.progress.step}</p>
      <p>
        Tenants: {tenants ? tenants.join(', ') : 'all'}. Started {new Date(run.startedAt).toLocaleString()}
        {run.finishedAt ? `, finished ${new Date(run.finishedAt).toLocaleString()}` : ''}.
      </p>
      {run.error ? <p className="problem">{run.error}</p> : null}
      <h3>Problems the build reported</h3>
      {run.problems.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {run.problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a finished run's problems, never reordered.
            <li key={i}>{p}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
