// The QR hand-off: a code on the results screen that opens this result on the visitor's phone,
// where Download and Share work. The QR encoder (uqr) is loaded only when a code is shown.
import { useEffect, useId, useState } from 'react';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { qrPath } from '../lib/qr-path.ts';

/** The quiet zone the QR standard asks for around the code, in modules. */
const QUIET_ZONE = 4;

/** `texts`, `qrLabel`: the code's words, in the page's language (contract/i18n/). */
export function QrHandoff({
  url,
  texts: EVENT_TEXT,
  qrLabel,
}: {
  url: string;
  texts: Catalogue['resultsEvent'];
  qrLabel: string;
}) {
  const [code, setCode] = useState<{ size: number; path: string } | null>(null);
  const headingId = useId();
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => {
      const { data } = encode(url, { ecc: 'M', border: 0 });
      if (live) setCode({ size: data.length, path: qrPath(data) });
    });
    return () => {
      live = false;
    };
  }, [url]);
  const side = code ? code.size + 2 * QUIET_ZONE : 0;
  return (
    <section className="booth-qr" aria-labelledby={headingId}>
      <h2 id={headingId}>{EVENT_TEXT.qrHeading}</h2>
      <p>{EVENT_TEXT.qrHint}</p>
      {code ? (
        <svg
          className="booth-qr-code"
          viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
          role="img"
          aria-label={fill(qrLabel, { url })}
          data-qr-url={url}
          shapeRendering="crispEdges"
        >
          <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#ffffff" />
          <path d={code.path} fill="#000000" />
        </svg>
      ) : null}
    </section>
  );
}
