// "Show my picture on the event wall" under a completed result, for a tenant with the wall on.
// Unticked unless the tenant states its consent text covers the wall; then ticked, and that
// choice is sent as the guest's say, which they may still change. A page opened again shows the
// choice the server holds.
import { useEffect, useId, useState } from 'react';
import type { WallState } from '../../contract/wall.ts';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';
import { readWallSay, sendWallSay, WallRefusal } from '../lib/wall.ts';

interface Props {
  aiHost: string;
  tenant: string;
  jobId: string;
  /** The tenant's consent covers the wall: ticked unless the guest said no. */
  covered: boolean;
  /** The box's words, in the page's language (contract/i18n/). */
  texts: Catalogue['wall'];
}

export function WallOptIn({ aiHost, tenant, jobId, covered, texts: WALL_TEXT }: Props) {
  const SAID: Record<WallState, string> = {
    off: WALL_TEXT.optInOff,
    waiting: WALL_TEXT.optInWaiting,
    shown: WALL_TEXT.optInShown,
  };
  const id = useId();
  const [checked, setChecked] = useState(covered);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  // The wall turned off since the page was built, or the result is gone: no box. A network
  // failure keeps it: the guest's tick is sent, and says so if it fails.
  const [gone, setGone] = useState(false);

  const send = async (show: boolean) => {
    setBusy(true);
    setChecked(show);
    try {
      const answer = await sendWallSay(aiHost, tenant, jobId, show);
      setChecked(answer.show === true);
      setMessage(SAID[answer.state]);
    } catch {
      setChecked(!show);
      setMessage(WALL_TEXT.optInFailed);
    } finally {
      setBusy(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per result: send reads the same job.
  useEffect(() => {
    let live = true;
    readWallSay(aiHost, tenant, jobId).then(
      (answer) => {
        if (!live) return;
        if (answer.show === null && covered) void send(true);
        else setChecked(answer.show === true);
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof WallRefusal) setGone(true);
        // Ticked on the screen is ticked on the server, or the box says it could not be saved.
        else if (covered) void send(true);
      },
    );
    return () => {
      live = false;
    };
  }, [aiHost, tenant, jobId, covered]);

  if (gone) return null;
  return (
    <div className="booth-wall-opt-in">
      <label className="booth-consent-box" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-busy={busy || undefined}
          onChange={(e) => void send(e.currentTarget.checked)}
        />
        {WALL_TEXT.optIn}
      </label>
      <p className="booth-wall-said" role="status">
        {message}
      </p>
    </div>
  );
}
