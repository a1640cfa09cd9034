// The styles of a guest's further pictures (pictureStyles, contract/event-kit.ts): with several
// pictures per guest and a local style picked, the booth makes the picked one, then these in this
// order (none ticked: the tenant's chosen styles). A group of boxes, one per style the booth offers.
import type { Style } from '../api.ts';

interface Props {
  all: Style[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  problems?: string[];
}

export function PictureStyles({ all, chosen, onChange, problems }: Props) {
  const toggle = (id: string, on: boolean) =>
    onChange(on ? all.map((s) => s.id).filter((s) => s === id || chosen.includes(s)) : chosen.filter((s) => s !== id));
  return (
    <fieldset
      id="f-pictureStyles"
      className="field"
      aria-describedby={`f-pictureStyles-hint${problems ? ' f-pictureStyles-problems' : ''}`}
    >
      <legend>Styles of the further pictures</legend>
      <p className="hint" id="f-pictureStyles-hint">
        With more than one picture per guest and a local style picked: the picked style first, then these, in this
        order. None ticked: the tenant's chosen styles.
      </p>
      {all.map((style) => (
        <div className="check" key={style.id}>
          <input
            id={`f-pictureStyles-${style.id}`}
            type="checkbox"
            checked={chosen.includes(style.id)}
            onChange={(e) => toggle(style.id, e.target.checked)}
          />
          <label htmlFor={`f-pictureStyles-${style.id}`}>{style.description}</label>
        </div>
      ))}
      {problems ? (
        <ul className="problems" id="f-pictureStyles-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
