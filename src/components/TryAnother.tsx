// "Try another style" under a completed result (a tenant's triesPerGuest): back to the styles
// screen with the photo still in memory, as the spec keeps it, so the guest picks again without
// a new photo. A link the router follows without a page load (a load would forget the photo);
// once the photo's tries are used, the way on is the spec's Take Another Photo, and this says so.
import { useStore } from '@nanostores/react';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';
import { screenPath } from '../lib/paths.ts';
import { $photo } from '../stores/photo.ts';
import { jobsFrom, triesLeft } from '../stores/tries.ts';

interface Props {
  base: string;
  triesPerGuest: number;
  /** The results screen's event texts, in the page's language (contract/i18n/). */
  texts: Catalogue['resultsEvent'];
}

export function TryAnother({ base, triesPerGuest, texts: EVENT_TEXT }: Props) {
  const photo = useStore($photo);
  // A result opened from its address or its QR code has no photo here: nothing to try again with.
  if (triesPerGuest <= 0 || !photo || jobsFrom(photo) === 0) return null;
  const left = triesLeft(photo, triesPerGuest);
  if (left === 0) return <p className="booth-tries-note">{EVENT_TEXT.triesUsed}</p>;
  return (
    <>
      <a className="booth-button" href={screenPath(base, 'styles')} aria-describedby="booth-tries-left">
        {EVENT_TEXT.tryAnother}
      </a>
      <span className="booth-visually-hidden" id="booth-tries-left">
        {left === 1 ? EVENT_TEXT.triesLeftOne : EVENT_TEXT.triesLeftMany.replace('{n}', String(left))}
      </span>
    </>
  );
}
