// The event wall's moderation queue on the event page: the pictures whose guests asked for the
// wall, large, oldest first; A approves the focused one (it shows on every wall at once), H hides
// it (never shown), and the focus moves to the next. Shown only for a tenant whose published
// wall asks for approval first; refreshed every few seconds while open.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { WallDecision, WallQueue } from '../../contract/wall.ts';
import { call, isMissingRoute } from '../api.ts';
import { say } from '../state.ts';
import { Problem } from '../parts.tsx';

const REFRESH_MS = 5_000;
const time = (iso: string) => new Date(iso).toLocaleTimeString();

export function WallModeration({ slug }: { slug: string }) {
  const [queue, setQueue] = useState<WallQueue | null>(null);
  const [error, setError] = useState('');
  const list = useRef<HTMLUListElement>(null);
  // After a decision, the picture now at this place in the queue takes the focus.
  const [focusAt, setFocusAt] = useState<number | null>(null);

  const load = async () => {
    const answer = await call<WallQueue>('GET', `/tenants/${slug}/wall`);
    if (answer.ok) setQueue(answer.data);
    // A booth without the wall's routes has no wall to moderate: nothing to show.
    setError(answer.ok || isMissingRoute(answer) ? '' : answer.error);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads the slug: the refresh starts again for another tenant, not on each render.
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [slug]);

  useEffect(() => {
    if (focusAt === null || !queue) return;
    const items = list.current?.querySelectorAll<HTMLElement>('li[data-picture]') ?? [];
    const next = items[Math.min(focusAt, items.length - 1)];
    if (next) next.focus();
    else list.current?.closest('section')?.querySelector<HTMLElement>('h2')?.focus();
    setFocusAt(null);
  }, [focusAt, queue]);

  const decide = async (id: string, decision: WallDecision, at: number) => {
    const answer = await call('POST', `/tenants/${slug}/wall/${encodeURIComponent(id)}`, { decision });
    say(
      answer.ok
        ? decision === 'approve'
          ? 'Approved: it shows on the wall.'
          : 'Hidden: it never shows.'
        : answer.error,
    );
    await load();
    setFocusAt(at);
  };

  if (!queue?.wall || queue.moderation !== 'approve') return error ? <Problem>{error}</Problem> : null;
  const onKey = (id: string, at: number) => (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const key = e.key.toLowerCase();
    if (key !== 'a' && key !== 'h') return;
    e.preventDefault();
    void decide(id, key === 'a' ? 'approve' : 'hide', at);
  };

  return (
    <section aria-labelledby="wall-queue-heading" className="wall-queue">
      <h2 id="wall-queue-heading" tabIndex={-1}>
        Waiting for the event wall ({queue.waiting.length})
      </h2>
      <p className="hint" id="wall-queue-keys">
        Each picture's guest asked for the wall. Focus a picture, then press A to approve it (it shows on every wall at
        once) or H to hide it (it never shows); the next one takes the focus. {queue.shown.length} on the wall now.
      </p>
      <Problem>{error}</Problem>
      {queue.waiting.length === 0 ? (
        <p>None waiting.</p>
      ) : (
        <ul className="wall-queue-list" ref={list}>
          {queue.waiting.map((p, at) => (
            <li
              key={p.id}
              data-picture={p.id}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the picture is what A and H act on, so it takes the focus.
              tabIndex={0}
              aria-label={`Picture of ${time(p.at)}`}
              aria-describedby="wall-queue-keys"
              onKeyDown={onKey(p.id, at)}
            >
              <img src={p.url} alt={`Picture asked for the wall at ${time(p.at)}`} width={360} />
              <div className="wall-queue-actions">
                <button type="button" onClick={() => void decide(p.id, 'approve', at)}>
                  Approve <kbd>A</kbd>
                </button>
                <button type="button" onClick={() => void decide(p.id, 'hide', at)}>
                  Hide <kbd>H</kbd>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
