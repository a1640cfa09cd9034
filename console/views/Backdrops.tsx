// A tenant's backdrops for the branded-scene style (contract/backdrops.ts): each one shown small,
// with Remove (saved with Save), and the upload that adds one (saved at once) while there is room.
// With two or more, the booth's styles screen offers each as its own tile, in this order.
import type { ReactNode } from 'react';
import { MAX_BACKDROPS } from '../../contract/backdrops.ts';
import { imageAddress } from '../branding-form.ts';

export function Backdrops({
  backdrops,
  onChange,
  problems = [],
  warnings = [],
  upload,
}: {
  backdrops: string[];
  onChange: (backdrops: string[]) => void;
  problems?: string[];
  warnings?: string[];
  /** The upload control, shown while the tenant has room for another backdrop. */
  upload: ReactNode;
}) {
  const told = [...problems, ...warnings];
  return (
    <section className="field backdrops" aria-labelledby="f-sceneUrls" data-testid="backdrops">
      <h3 id="f-sceneUrls" tabIndex={-1}>
        Backdrops for the branded-scene style
      </h3>
      <p className="hint" id="f-sceneUrls-hint">
        {`Photos of your venue or set that the guest is placed into, up to ${MAX_BACKDROPS}. With two or more, guests pick one on the styles screen, in this order. None: the booth's own studio scene.`}
      </p>
      {told.length ? (
        <ul className={problems.length ? 'problems' : 'warnings'} id="f-sceneUrls-problems">
          {told.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {backdrops.length ? (
        <ol className="backdrop-list">
          {backdrops.map((name, index) => (
            <li key={name}>
              <img src={imageAddress(name)} alt="" width={64} height={80} />
              <span>
                Backdrop {index + 1} <span className="slug">({name})</span>
              </span>{' '}
              <button type="button" onClick={() => onChange(backdrops.filter((b) => b !== name))}>
                Remove<span className="visually-hidden"> backdrop {index + 1}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p>No backdrops: the booth's own studio scene.</p>
      )}
      {backdrops.length < MAX_BACKDROPS ? (
        upload
      ) : (
        <p className="hint">{`The tenant has ${MAX_BACKDROPS} backdrops; remove one and save to upload another.`}</p>
      )}
    </section>
  );
}
