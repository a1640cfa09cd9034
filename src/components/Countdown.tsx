// The countdown before the photo (a tenant's countdownSeconds): big digits over the preview, one
// a second, each told to the camera's status region; at zero the photo is taken. Cancel is
// rendered by the camera in its place among the buttons.
import { useEffect, useState } from 'react';

export interface CountdownProps {
  seconds: number;
  /** Each digit, for the status region that screen readers hear. */
  onTick: (digit: number) => void;
  onZero: () => void;
}

export function Countdown({ seconds, onTick, onZero }: CountdownProps) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left === 0) return onZero();
    onTick(left);
    const timer = setTimeout(() => setLeft(left - 1), 1_000);
    return () => clearTimeout(timer);
  }, [left]);
  return left ? (
    <div className="booth-countdown" aria-hidden="true" data-countdown={left}>
      {left}
    </div>
  ) : null;
}
