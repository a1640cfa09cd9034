// One result image with the prompt as caption, opening in a new tab. A sticker prompt shows it
// as a peelable sticker whose peel toggles 1 s and 2 s after the image loads. The screen shows
// the display copy; the link opens the full image.
import { useEffect, useState } from 'react';
import { STICKER_PEEL_TOGGLE_MS } from '../../contract/constants.ts';

interface Props {
  /** The full image, opened by the link. */
  src: string;
  /** What the screen shows (a smaller copy of `src`, or `src` itself). */
  display: string;
  prompt: string;
  sticker: boolean;
}

export function ResultImage({ src, display, prompt, sticker }: Props) {
  const [loaded, setLoaded] = useState(false);
  const [peeled, setPeeled] = useState(false);

  useEffect(() => {
    if (!sticker || !loaded) return;
    const timers = STICKER_PEEL_TOGGLE_MS.map((ms) => setTimeout(() => setPeeled((p) => !p), ms));
    return () => timers.forEach(clearTimeout);
  }, [sticker, loaded]);

  return (
    // data-loaded: the peel's clock starts from here.
    <figure className="booth-result" data-loaded={loaded ? '' : undefined}>
      <a href={src} target="_blank" rel="noopener">
        <span
          className={sticker ? 'booth-sticker' : undefined}
          data-peeled={sticker ? String(peeled) : undefined}
        >
          <img src={display} alt={prompt || 'Your AI picture'} crossOrigin="anonymous" fetchPriority="high" onLoad={() => setLoaded(true)} />
        </span>
        <span className="booth-visually-hidden"> (opens in a new tab)</span>
      </a>
      <figcaption>{prompt}</figcaption>
    </figure>
  );
}
