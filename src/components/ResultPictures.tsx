// A completed job's pictures on the results screen: one, or several (a tenant's pictures per
// guest) as one group of choices, the one chosen being what Download, Share and Print take.
// The first picture is what a phone paints first (the screen's largest content): the others start
// loading only once it is on screen, so they do not take its bandwidth (Gala Night's other three
// weigh about twice the first) and nothing is fetched in the race to the first paint.
import { useCallback, useState } from 'react';
import { fill } from '../../contract/i18n/fill.ts';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';
import type { ShownImage } from '../lib/job.ts';
import { pageNumber } from '../lib/numbers.ts';
import { ResultImage } from './ResultImage.tsx';

interface Props {
  shown: ShownImage[];
  /** Each picture's caption, and whether it is a sticker. */
  captions: string[];
  stickers: boolean[];
  /** The pictures open in a new tab (not at a kiosk). */
  link: boolean;
  /** The picture chosen (several pictures), and how a guest chooses another. */
  chosen: number;
  onChoose: (i: number) => void;
  texts: Pick<Catalogue, 'site' | 'resultsEvent'>;
}

export function ResultPictures({ shown, captions, stickers, link, chosen, onChoose, texts }: Props) {
  const { site, resultsEvent } = texts;
  // The first picture has been painted (or has failed): the others may load.
  const [firstShown, setFirstShown] = useState(false);
  const showOthers = useCallback(() => setFirstShown(true), []);
  const several = shown.length > 1;
  const pictures = shown.map((image, i) => (
    <ResultImage
      key={image.full}
      src={image.full}
      display={image.display}
      prompt={captions[i]!}
      sticker={stickers[i]!}
      link={link}
      first={i === 0}
      held={i > 0 && !firstShown}
      onShown={i === 0 && several ? showOthers : undefined}
      texts={site}
      choice={
        several
          ? {
              group: 'booth-picture',
              checked: i === chosen,
              onChoose: () => onChoose(i),
              label: resultsEvent.choosePicture,
              place: fill(site.picturePlace, { place: pageNumber(i + 1), count: pageNumber(shown.length) }),
            }
          : undefined
      }
    />
  ));
  // Several pictures are one group of choices: the radio buttons under each move between them.
  return several ? (
    <div
      className="booth-result-list"
      data-pictures={shown.length}
      role="radiogroup"
      aria-label={resultsEvent.picturesLegend}
    >
      {pictures}
    </div>
  ) : (
    <div className="booth-result-list">{pictures}</div>
  );
}
