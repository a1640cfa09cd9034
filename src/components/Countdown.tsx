// The countdown before the photo (a tenant's countdownSeconds): big digits over the preview, one
// a second, each told to the camera's status region in the same render that shows it; a second
// after the last digit the photo is taken. Cancel is rendered by the camera among its buttons.
import { useEffect, useState } from 'react';
import { pageNumber } from '../lib/numbers.ts';

export interface CountdownProps {
  /** The first digit; the camera shows it in its status region as this mounts. */
  seconds: number;
  /** Each later digit, for the status region that screen readers hear. */
  onTick: (digit: number) => void;
  onZero: () => void;
}

export function Countdown({ seconds, onTick, onZero }: CountdownProps) {
  const [left, setLeft] = useState(seconds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onTick and onZero are the parent's, made anew on each render; a tick depends on the digit only.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (left <= 1) return onZero();
      // One render for both: the digit on screen and the one read out never disagree.
      setLeft(left - 1);
      onTick(left - 1);
    }, 1_000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <div className="booth-countdown" aria-hidden="true" data-countdown={left}>
      {pageNumber(left)}
    </div>
  );
}
