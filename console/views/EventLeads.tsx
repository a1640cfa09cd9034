// The event page's figures beside the jobs' (pictures on the wall and waiting, emails sent and
// failed, leads collected) and the tenant's leads: the CSV (OWASP's CSV-injection rule applied by
// the booth) and deleting one address's leads at a guest's request. Refreshed every 30 s while open.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { API, call, isMissingRoute } from '../api.ts';
import { say } from '../state.ts';
import { Problem } from '../parts.tsx';
import { LEADS_CONSOLE_TEXT as T, type EventTally } from '../../contract/leads.ts';

const REFRESH_MS = 30_000;
const figure = (n: number | null | undefined, none: string) => (n === null || n === undefined ? none : String(n));

export function EventLeads({ slug }: { slug: string }) {
  const [tally, setTally] = useState<EventTally | null>(null);
  const [error, setError] = useState('');
  const [address, setAddress] = useState('');
  const [forgetError, setForgetError] = useState('');
  // A booth without these routes (an older one): the event page says so once, above.
  const [missing, setMissing] = useState(false);
  const id = useId();

  const load = async () => {
    const answer = await call<EventTally>('GET', `/tenants/${slug}/tally`);
    if (answer.ok) setTally(answer.data);
    setMissing(isMissingRoute(answer));
    setError(answer.ok ? '' : answer.error);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads the slug: the refresh starts again for another tenant, not on each render.
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [slug]);

  const forget = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await call<{ deleted: number }>('POST', `/tenants/${slug}/leads/forget`, { address });
    if (!answer.ok) {
      setForgetError(answer.error);
      return;
    }
    setForgetError('');
    setAddress('');
    say(T.forgot(answer.data.deleted));
    await load();
  };

  if (missing) return null;
  return (
    <section aria-labelledby={`${id}-figures`}>
      <h2 id={`${id}-figures`}>{T.figuresHeading}</h2>
      <Problem>{error}</Problem>
      {tally ? (
        <table aria-labelledby={`${id}-figures`}>
          <tbody>
            <tr>
              <th scope="row">{T.shown}</th>
              <td>{figure(tally.wall?.shown, 'the wall is off')}</td>
            </tr>
            <tr>
              <th scope="row">{T.waiting}</th>
              <td>{figure(tally.wall?.waiting, 'the wall is off')}</td>
            </tr>
            <tr>
              <th scope="row">{T.sent}</th>
              <td>{figure(tally.emails?.sent, 'this booth sends no email')}</td>
            </tr>
            <tr>
              <th scope="row">{T.failed}</th>
              <td>{figure(tally.emails?.failed, 'this booth sends no email')}</td>
            </tr>
            <tr>
              <th scope="row">{T.leads}</th>
              <td>{figure(tally.leads, 'not kept on this node')}</td>
            </tr>
          </tbody>
        </table>
      ) : null}
      <h2>{T.heading}</h2>
      <p>
        <a href={`${API}/tenants/${slug}/leads.csv`} download>
          {T.download}
        </a>
      </p>
      <form onSubmit={(event) => void forget(event)} noValidate>
        <label htmlFor={`${id}-address`}>{T.forgetLabel}</label>
        <input
          id={`${id}-address`}
          type="email"
          autoComplete="off"
          value={address}
          aria-invalid={forgetError ? true : undefined}
          aria-describedby={forgetError ? `${id}-forget-error` : undefined}
          onChange={(event) => {
            setAddress(event.target.value);
            setForgetError('');
          }}
        />
        {forgetError ? (
          <p id={`${id}-forget-error`} className="problem" role="alert">
            {forgetError}
          </p>
        ) : null}
        <button type="submit">{T.forget}</button>
      </form>
    </section>
  );
}
