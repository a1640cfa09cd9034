// How a completed picture goes home from this screen, the spec's second button: Print on a kiosk
// that prints (its QR code takes the picture to the guest's phone), else Share where the browser
// can share files, else Download (the picture opened in a new tab). Each takes the chosen picture.
import { useMemo } from 'react';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';
import { createSharer } from '../lib/share.ts';

interface Props {
  /** The picture's full image, and its caption (shared with it). */
  image: string;
  caption: string;
  /** This device is a kiosk of the tenant, and the tenant's kiosks print. */
  kiosk: boolean;
  kioskPrint: boolean;
  /** The browser can share files (decided once the page is on the device, src/lib/share.ts). */
  canShare: boolean;
  texts: Pick<Catalogue['spec'], 'share' | 'shareTitle' | 'download'> & Pick<Catalogue['resultsEvent'], 'print'>;
}

export function TakeHome({ image, caption, kiosk, kioskPrint, canShare, texts }: Props) {
  const share = useMemo(() => createSharer(typeof navigator === 'undefined' ? undefined : navigator), []);
  if (kiosk) {
    return kioskPrint ? (
      <button type="button" className="booth-button" onClick={() => window.print()}>
        {texts.print}
      </button>
    ) : null;
  }
  if (canShare) {
    return (
      <button
        type="button"
        className="booth-button"
        onClick={() => void share(image, caption, texts.shareTitle).catch(console.error)}
      >
        {texts.share}
      </button>
    );
  }
  return (
    <button type="button" className="booth-button" onClick={() => window.open(image, '_blank', 'noopener')}>
      {texts.download}
    </button>
  );
}
