// The styles a tenant offers, in its order: add, move up, move down, remove, all by button, so
// the keyboard does everything a pointer does. No choice means every style the booth offers.
import type { Style } from '../api.ts';
import { say } from '../state.ts';

export function StylePicker({
  all,
  chosen,
  onChange,
  problems = [],
}: {
  all: Style[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  problems?: string[];
}) {
  const name = (id: string) => all.find((s) => s.id === id)?.description ?? id;
  const move = (index: number, by: number) => {
    // At either end the button stays (disabling it would drop the keyboard's focus) and says so.
    if (index + by < 0 || index + by >= chosen.length)
      return say(`${name(chosen[index]!)} is ${by < 0 ? 'first' : 'last'} already.`);
    const next = [...chosen];
    const [id] = next.splice(index, 1);
    next.splice(index + by, 0, id!);
    onChange(next);
    say(`${name(id!)} is now number ${index + by + 1} of ${next.length}.`);
  };
  const available = all.filter((s) => !chosen.includes(s.id));
  return (
    <fieldset className="styles" aria-describedby={problems.length ? 'f-styles-problems' : 'f-styles-hint'}>
      <legend>Styles</legend>
      <p className="hint" id="f-styles-hint">
        The styles screen shows the chosen styles in this order. With none chosen, the tenant offers every style of the
        booth.
      </p>
      {problems.length ? (
        <ul className="problems" id="f-styles-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      <h3 id="chosen-styles">Chosen, in order</h3>
      {chosen.length === 0 ? (
        <p>None chosen: every style is offered.</p>
      ) : (
        <ol aria-labelledby="chosen-styles" data-testid="chosen-styles">
          {chosen.map((id, i) => (
            <li key={id}>
              <span className="style-name">{name(id)}</span>{' '}
              <button
                type="button"
                aria-disabled={i === 0 || undefined}
                onClick={() => move(i, -1)}
                aria-label={`Move ${name(id)} up`}
              >
                Up
              </button>{' '}
              <button
                type="button"
                aria-disabled={i === chosen.length - 1 || undefined}
                onClick={() => move(i, 1)}
                aria-label={`Move ${name(id)} down`}
              >
                Down
              </button>{' '}
              <button
                type="button"
                onClick={() => {
                  onChange(chosen.filter((c) => c !== id));
                  say(`${name(id)} removed.`);
                }}
                aria-label={`Remove ${name(id)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <h3 id="other-styles">Not chosen</h3>
      {available.length === 0 ? (
        <p>Every style is chosen.</p>
      ) : (
        <ul aria-labelledby="other-styles">
          {available.map((s) => (
            <li key={s.id}>
              <span className="style-name">
                {s.description}
                {s.beta ? ' (beta)' : ''}
              </span>{' '}
              <button
                type="button"
                onClick={() => {
                  onChange([...chosen, s.id]);
                  say(`${s.description} added as number ${chosen.length + 1}.`);
                }}
                aria-label={`Add ${s.description}`}
              >
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
