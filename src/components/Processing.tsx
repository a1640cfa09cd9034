// The results screen while the picture is made: 'Processing...' over the tenant's video.
import { useState } from 'react';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';

/**
 * 'Processing...' over the tenant's full-screen video. A visitor who asks for less motion gets
 * its first frame, still: a looping full-screen film is what that setting is for.
 */
export function Processing({ video, texts }: { video: string; texts: Pick<Catalogue, 'spec' | 'results'> }) {
  const { spec: TEXT, results: RESULTS_TEXT } = texts;
  const [still] = useState(
    () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  return (
    <>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a video without controls takes no focus; it is decoration. */}
      <video
        className="booth-processing-video"
        src={video}
        autoPlay={!still}
        loop
        muted
        playsInline
        preload="auto"
        aria-hidden="true"
        // A paused video shows no frame on some phones until it is asked for one.
        onLoadedMetadata={(e) => {
          if (still) e.currentTarget.currentTime = 0.01;
        }}
      />
      <p className="booth-processing">{TEXT.processing}</p>
      {/* Waiting is what to do: said on screen, so Take Another Photo does not look like the way on. */}
      <p className="booth-processing-note" aria-hidden="true">
        {RESULTS_TEXT.making}
      </p>
    </>
  );
}
