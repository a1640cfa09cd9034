// Results screen: the job as it is (src/lib/job-view.ts: held, then re-fetched while pending),
// then its pictures, the spec's buttons and what a tenant adds under them.
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { jobIdFromPath, jobPhase, promptOf } from '../../contract/index.ts';
import { styleCaption } from '../../contract/local-style-texts.ts';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';
import { createAiHub } from '../lib/ai-hub.ts';
import type { LeadAsk } from '../components/LeadFields.tsx';
import { useClientValue } from '../lib/client-value.ts';
import { kioskHome, onKiosk } from '../lib/kiosk-here.ts';
import { isSticker, shownImages } from '../lib/job.ts';
import { useJobView } from '../lib/job-view.ts';
import { aiHostUrl, resultsPath, screenPath } from '../lib/paths.ts';
import { handoffUrl, isHandoff } from '../lib/handoff.ts';
import { canShareFiles } from '../lib/share.ts';
import { dropEarlyResult } from '../lib/first-job.ts';
import { ErrorView } from '../components/ErrorView.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { ResultPictures } from '../components/ResultPictures.tsx';
import { QrHandoff } from '../components/QrHandoff.tsx';
import { TryAnother } from '../components/TryAnother.tsx';
import { TakeHome } from '../components/TakeHome.tsx';
import { Processing } from '../components/Processing.tsx';
import { loadApart } from '../lib/load-apart.ts';
import { afterPaint } from '../lib/after-paint.ts';

// The event wall's box and "Email me my picture" show under a completed result of a tenant that
// offers them: their code is not the page's; it loads, on such a tenant's page only, once the
// result has been painted, so it does not take the first picture's bandwidth (the picture is
// what a phone paints first, its largest content).
const WallBox = loadApart(() => import('../components/WallOptIn.tsx').then((m) => m.WallOptIn));
const EmailForm = loadApart(() => import('../components/EmailMe.tsx').then((m) => m.EmailMe));
const WallOptIn = WallBox.Component;
const EmailMe = EmailForm.Component;

/** The texts the results screen shows, in the page's language (contract/i18n/). */
export type ResultTexts = Pick<
  Catalogue,
  'spec' | 'site' | 'results' | 'resultsEvent' | 'wall' | 'email' | 'styleCaptions'
>;

interface Props {
  t: ResultTexts;
  aiHost: string;
  base: string;
  /** The tenant's processing video. */
  video: string;
  /**
   * The tenant allows kiosks: on a kiosk device (src/lib/kiosk-device.ts) no new-tab link, no
   * Download or Share (the QR takes the picture home), Print.
   */
  kioskAllowed?: boolean;
  /** The tenant's kiosks offer Print. */
  kioskPrint?: boolean;
  /** A QR code that opens this result on the visitor's phone. */
  qrHandoff?: boolean;
  /** Where the phone opens it ('' = this page's origin, unless it is this machine's own). */
  publicSiteUrl?: string;
  /** The tenant's event wall (contract/wall.ts): its slug, and whether its consent covers the wall; absent: no wall. */
  wall?: { tenant: string; covered: boolean };
  /** "Email me my picture" (the tenant offers it and the booth can send mail). */
  email?: boolean;
  /** The tenant's lead fields asked with the email (contract/leads.ts): its slug and what it asks. */
  leads?: { tenant: string; ask: LeadAsk };
  /** Further styles a guest may try with the same photo (0: no "Try another style"). */
  triesPerGuest?: number;
}

export default function ResultPoller({
  t,
  aiHost,
  base,
  video,
  kioskAllowed = false,
  kioskPrint = true,
  qrHandoff = false,
  publicSiteUrl = '',
  wall,
  email = false,
  leads,
  triesPerGuest = 0,
}: Props) {
  // The page's texts under the names the lines below read them by.
  const { spec: TEXT, results: RESULTS_TEXT, resultsEvent: EVENT_TEXT, site } = t;
  const TRY_AGAIN_TEXT = site.tryAgain;
  const hub = useMemo(() => createAiHub(aiHost), [aiHost]);
  const [jobId] = useState(() => (typeof location === 'undefined' ? null : jobIdFromPath(location.pathname)));
  const { view, again } = useJobView(hub, jobId, t);
  const [canShare, setCanShare] = useState(false);
  // The picture Download, Share and Print take when the job made several (the first until one is chosen).
  const [chosen, setChosen] = useState(0);

  useEffect(() => setCanShare(canShareFiles(navigator)), []);
  // This device is a kiosk of the tenant (never a page opened from its QR code, on a phone).
  const kiosk = useClientValue(onKiosk, false);
  // The QR code takes the picture home from a screen that cannot give it: on a tenant that allows
  // kiosks, that is its kiosks (a guest's phone has Download and Share); on one that allows none,
  // every screen, as the tenant asked. Never on the phone it was opened on.
  const [handoff, setHandoff] = useState<string | null>(null);
  const codeHere = qrHandoff && (!kioskAllowed || kiosk);
  useEffect(() => {
    const phone = isHandoff(location.search);
    setHandoff(
      codeHere && jobId && !phone ? handoffUrl(publicSiteUrl, location.origin, resultsPath(base, jobId)) : null,
    );
  }, [codeHere, publicSiteUrl, base, jobId]);

  // The first picture the page's inline script painted makes way for this view before it is painted.
  useLayoutEffect(() => {
    if (view.kind !== 'loading') dropEarlyResult();
  }, [view.kind]);

  const phase = view.kind === 'job' ? jobPhase(view.job.result.status) : view.kind === 'waiting' ? 'pending' : null;
  // What comes under the result (the wall's box, the email form) once the result is on screen.
  const completed = phase === 'completed';
  const [belowDue, setBelowDue] = useState(false);
  useEffect(() => {
    if (!completed || belowDue) return;
    return afterPaint(() => {
      if (wall) void WallBox.preload();
      if (email) void EmailForm.preload();
      setBelowDue(true);
    });
  }, [completed, belowDue, wall, email]);

  // The tab says what the screen says: Processing..., Result, or the problem.
  const title =
    view.kind === 'failed' || view.kind === 'gone'
      ? view.heading
      : phase === 'completed'
        ? TEXT.resultHeading
        : phase === 'error'
          ? TEXT.errorHeading
          : phase
            ? TEXT.processing
            : null;
  useEffect(() => {
    if (!title) return;
    const [, ...suffix] = document.title.split(' · ');
    document.title = [title, ...suffix].join(' · ');
  }, [title]);

  // The outcome takes the focus, so a screen reader reads it and the keyboard starts from it.
  const heading = useRef<HTMLHeadingElement>(null);
  const outcome = phase === 'completed' || phase === 'error' || view.kind === 'gone';
  useEffect(() => {
    if (!outcome) return;
    // Not from under a visitor who is on a button (Take Another Photo stays through the change).
    const active = document.activeElement;
    if (!active || active === document.body || !active.closest('.booth-actions'))
      heading.current?.focus({ preventScroll: true });
  }, [outcome]);
  // One live region, on screen from the first render, whose text changes: a region added with
  // its text already in it is often not read out.
  const status = (
    <p className="booth-visually-hidden" role="status">
      {phase === 'pending' ? RESULTS_TEXT.making : ''}
    </p>
  );

  // On a kiosk the next photo is the next guest's: a new page load, so consent is asked again, in
  // the tenant's own language (src/lib/kiosk-here.ts).
  const toCamera = (text: string) => (
    <a
      className="booth-button"
      href={screenPath(kiosk ? kioskHome(base) : base, 'camera')}
      data-astro-reload={kiosk ? '' : undefined}
    >
      {text}
    </a>
  );
  const takeAnother = toCamera(TEXT.takeAnother);
  // The live region stays the first child through every view, so it stays the same element.
  return (
    <>
      {status}
      {screen()}
    </>
  );

  function screen() {
    if (view.kind === 'loading') return <Spinner label={site.loading} />;
    if (view.kind === 'gone') {
      // Under the tenant's own logo and colours (the layout's), not the root error view.
      return (
        <section className="booth-results booth-results-gone">
          <h1 ref={heading} tabIndex={-1}>
            {view.heading}
          </h1>
          <p>{view.text}</p>
          <div className="booth-actions">{toCamera(RESULTS_TEXT.takePhoto)}</div>
        </section>
      );
    }
    if (view.kind === 'failed') {
      return (
        <ErrorView heading={view.heading}>
          {takeAnother}
          {/* Event Wi-Fi drops for a moment: the job runs on, and its result is one tap away. */}
          {view.retry ? (
            <button type="button" className="booth-button" onClick={again}>
              {TRY_AGAIN_TEXT}
            </button>
          ) : null}
        </ErrorView>
      );
    }
    // While the picture is made, a kiosk's idle reset waits (src/lib/kiosk-idle.ts, WAITING_ATTRIBUTE).
    if (view.kind === 'waiting') {
      return (
        <div className="booth-results booth-results-pending" data-waiting-for-picture="">
          <Processing video={video} texts={t} />
          <div className="booth-actions">{takeAnother}</div>
        </div>
      );
    }

    const { job } = view;
    const shown = shownImages(job, (url) => aiHostUrl(aiHost, url));
    const images = shown.map((image) => image.full);
    // Several pictures each have their own caption (their style's prompt); one has the job's prompt.
    // A booth style's prompt is shown in the page's language; the spec's sticker rule reads it as sent.
    const captionOf = (i: number) => styleCaption(promptOf(job, i), t.styleCaptions);
    const pick = Math.min(chosen, Math.max(0, images.length - 1));
    return (
      <div
        className={`booth-results booth-results-${phase}`}
        data-job-answers={view.answer}
        data-waiting-for-picture={phase === 'pending' ? '' : undefined}
      >
        {phase === 'completed' ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {TEXT.resultHeading}
            </h1>
            <ResultPictures
              shown={shown}
              captions={shown.map((_, i) => captionOf(i))}
              stickers={shown.map((_, i) => isSticker(promptOf(job, i)))}
              link={!kiosk}
              chosen={pick}
              onChoose={setChosen}
              texts={t}
            />
          </>
        ) : phase === 'error' ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {TEXT.errorHeading}
            </h1>
            <p>{job.result.message}</p>
          </>
        ) : (
          <Processing video={video} texts={t} />
        )}
        <div className="booth-actions">
          {takeAnother}
          {phase === 'completed' && images.length > 0 ? (
            <TakeHome
              image={images[pick]!}
              caption={captionOf(pick)}
              kiosk={kiosk}
              kioskPrint={kioskPrint}
              canShare={canShare}
              texts={{ ...TEXT, print: EVENT_TEXT.print }}
            />
          ) : null}
          {phase === 'completed' && images.length > 0 ? (
            <TryAnother base={base} triesPerGuest={triesPerGuest} texts={EVENT_TEXT} />
          ) : null}
        </div>
        <Suspense fallback={null}>
          {phase === 'completed' && images.length > 0 && belowDue && wall && jobId ? (
            <WallOptIn aiHost={aiHost} tenant={wall.tenant} jobId={jobId} covered={wall.covered} texts={t.wall} />
          ) : null}
          {/* Not on a kiosk: its QR code takes the picture to the guest's phone, which offers this. */}
          {phase === 'completed' && images.length > 0 && belowDue && email && !kiosk && jobId ? (
            <EmailMe
              send={(address) => hub.emailPicture(jobId, address)}
              texts={t.email}
              {...(leads ? { leads: leads.ask, sendLead: (lead) => hub.sendLead(leads.tenant, lead) } : {})}
            />
          ) : null}
        </Suspense>
        {phase === 'completed' && images.length > 0 && handoff ? (
          <QrHandoff url={handoff} texts={t.resultsEvent} qrLabel={site.qrLabel} />
        ) : null}
        {/* What Print puts on the photo paper: the full (framed) result, alone (booth.css @media print). */}
        {phase === 'completed' && kiosk && kioskPrint && images[pick] ? (
          <img className="booth-print-image" src={images[pick]} alt="" crossOrigin="anonymous" />
        ) : null}
      </div>
    );
  }
}
