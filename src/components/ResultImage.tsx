// One result image with the prompt as caption, opening in a new tab (not at a kiosk). A sticker prompt shows it
// as a peelable sticker whose peel toggles 1 s and 2 s after the image loads. The screen shows
// the display copy; the link opens the full image. One of several pictures (a tenant's pictures per
// guest) carries a radio button: the one chosen is what Download, Share and Print take.
// The screen's first picture is what a phone paints first (its largest content): it is fetched at
// high priority, as the page's inline script already asked for it (src/inline/first-job.ts); the
// others are held until it is on screen (src/components/ResultPictures.tsx), then fetched lazily
// at low priority, so they do not take its bandwidth (Gala Night's four 720 px copies weigh about
// 200 KB, four times the first).
import { useEffect, useState } from 'react';
import { STICKER_PEEL_TOGGLE_MS } from '../../contract/constants.ts';
import { afterPaint } from '../lib/after-paint.ts';

interface Props {
  /** The full image, opened by the link. */
  src: string;
  /** What the screen shows (a smaller copy of `src`, or `src` itself). */
  display: string;
  prompt: string;
  sticker: boolean;
  /** The image opens the full picture in a new tab (not at a kiosk). */
  link?: boolean;
  /** The screen's first picture (fetched at once, at high priority); the others load after it, lazily. */
  first?: boolean;
  /** Not loaded yet: its box is kept, empty, until the first picture is on screen. */
  held?: boolean;
  /** Called once this picture has been painted, or has failed to load. */
  onShown?: () => void;
  /** One of several pictures: its radio button in the screen's group, and its place ("2 of 4"). */
  choice?: { group: string; checked: boolean; onChoose: () => void; label: string; place: string };
  /** The picture's words, in the page's language (contract/i18n/). */
  texts: { resultAlt: string; opensNewTab: string };
}

export function ResultImage({
  src,
  display,
  prompt,
  sticker,
  link = true,
  first = true,
  held = false,
  onShown,
  choice,
  texts,
}: Props) {
  const [loaded, setLoaded] = useState(false);
  const [settled, setSettled] = useState(false);
  const [peeled, setPeeled] = useState(false);
  // Loaded cross-origin so Share can draw it; an AI host that does not answer CORS still gets
  // its picture shown, loaded plainly (Share then cannot draw it, but nothing is hidden).
  const [plain, setPlain] = useState(false);

  useEffect(() => {
    if (!sticker || !loaded) return;
    const timers = STICKER_PEEL_TOGGLE_MS.map((ms) => setTimeout(() => setPeeled((p) => !p), ms));
    return () => timers.forEach(clearTimeout);
  }, [sticker, loaded]);

  useEffect(() => (settled && onShown ? afterPaint(onShown) : undefined), [settled, onShown]);

  const picture = (
    <span className={sticker ? 'booth-sticker' : undefined} data-peeled={sticker ? String(peeled) : undefined}>
      {/* The caption says the prompt: the alt does not repeat it. How to load it comes before the
          address: a browser may start loading as soon as `src` is set. */}
      <img
        loading={first ? undefined : 'lazy'}
        fetchPriority={first ? 'high' : 'low'}
        decoding={first ? undefined : 'async'}
        crossOrigin={plain ? undefined : 'anonymous'}
        src={held ? undefined : display}
        alt={texts.resultAlt}
        onLoad={() => {
          setLoaded(true);
          setSettled(true);
        }}
        onError={() => {
          if (!plain) setPlain(true);
          else setSettled(true);
        }}
      />
    </span>
  );
  return (
    // data-loaded: the peel's clock starts from here.
    <figure className="booth-result" data-loaded={loaded ? '' : undefined}>
      {link ? (
        <a href={src} target="_blank" rel="noopener">
          {picture}
          <span className="booth-visually-hidden">{texts.opensNewTab}</span>
        </a>
      ) : (
        picture
      )}
      <figcaption>{prompt}</figcaption>
      {choice ? (
        <label className="booth-result-choice">
          <input type="radio" name={choice.group} checked={choice.checked} onChange={choice.onChoose} />
          {choice.label}
          <span className="booth-visually-hidden"> ({choice.place})</span>
        </label>
      ) : null}
    </figure>
  );
}
