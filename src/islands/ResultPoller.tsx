// Results screen: the job is fetched at once, asking the server to hold its answer until the job
// ends (up to 20 s), then re-fetched 15 s after each render while it is still pending.
import { useEffect, useMemo, useRef, useState } from 'react';
import { JOB_WAIT_MAX_SECONDS, TEXT, jobIdFromPath, jobPhase, type Job } from '../../contract/index.ts';
import { createAiHub, errorHeading } from '../lib/ai-hub.ts';
import { isRetryable } from '../lib/ai-hub-error.ts';
import { isSticker, nextFetchDelay, shownImages } from '../lib/job.ts';
import { aiHostUrl, resultsPath, screenPath } from '../lib/paths.ts';
import { handoffUrl, isHandoff } from '../lib/handoff.ts';
import { RESULTS_EVENT_TEXT as EVENT_TEXT } from '../../contract/event-kit.ts';
import { canShareFiles, createSharer } from '../lib/share.ts';
import { takeFirstJob } from '../lib/first-job.ts';
import { ErrorView, TRY_AGAIN_TEXT } from '../components/ErrorView.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { ResultImage } from '../components/ResultImage.tsx';
import { QrHandoff } from '../components/QrHandoff.tsx';

interface Props {
  aiHost: string;
  base: string;
  /** The tenant's processing video. */
  video: string;
  /** Kiosk mode: no new-tab link, no Download or Share (the QR takes the picture home), Print. */
  kiosk?: boolean;
  /** A QR code that opens this result on the visitor's phone. */
  qrHandoff?: boolean;
  /** Where the phone opens it ('' = this page's origin, unless it is this machine's own). */
  publicSiteUrl?: string;
}

/**
 * `answer` counts the answers received, so that every answer is a new render that re-arms the
 * timer. 'waiting': the first answer is being held by the server, which it does only for a job
 * that exists and has not ended, so the visitor sees the processing screen meanwhile.
 */
type View =
  | { kind: 'loading' }
  | { kind: 'waiting' }
  | { kind: 'job'; job: Job; answer: number }
  /** retry: asking again may help (the network or the server failed); the job may well be fine. */
  | { kind: 'failed'; heading: string; retry: boolean };

/** A first answer that takes longer than this is a job still running: show it as processing. */
const HELD_ANSWER_MS = 1_000;

const NO_JOB = 'This address has no picture to show. Take a photo to start one.';
/** Said once to a screen reader while the picture is being made (the screen shows Processing...). */
const MAKING_TEXT = 'Your picture is being made. It takes a few seconds.';

export default function ResultPoller({ aiHost, base, video, kiosk: kioskTenant = false, qrHandoff = false, publicSiteUrl = '' }: Props) {
  const hub = useMemo(() => createAiHub(aiHost), [aiHost]);
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [jobId] = useState(() => (typeof location === 'undefined' ? null : jobIdFromPath(location.pathname)));
  const [canShare, setCanShare] = useState(false);
  const share = useMemo(() => createSharer(typeof navigator === 'undefined' ? undefined : navigator), []);

  useEffect(() => setCanShare(canShareFiles(navigator)), []);
  // Opened from the QR code, on the visitor's phone: Download and Share, no kiosk, no second code.
  const [onPhone, setOnPhone] = useState(false);
  const kiosk = kioskTenant && !onPhone;
  const [handoff, setHandoff] = useState<string | null>(null);
  useEffect(() => {
    const phone = isHandoff(location.search);
    setOnPhone(phone);
    if (qrHandoff && jobId && !phone) setHandoff(handoffUrl(publicSiteUrl, location.origin, resultsPath(base, jobId)));
  }, [qrHandoff, publicSiteUrl, base, jobId]);

  // Each render of a pending job schedules the next fetch ('waiting' keeps the first one going).
  const delay = view.kind === 'loading' || view.kind === 'waiting' ? 0 : view.kind === 'job' ? nextFetchDelay(view.job) : null;
  const renderKey = view.kind === 'job' ? view.answer : 0;
  useEffect(() => {
    if (delay === null) return;
    if (!jobId) {
      setView({ kind: 'failed', heading: NO_JOB, retry: false });
      return;
    }
    let live = true;
    const fetchJob = () =>
      hub.job(jobId, JOB_WAIT_MAX_SECONDS, takeFirstJob(location.pathname)).then(
        (job) => live && setView((prev) => ({ kind: 'job', job, answer: (prev.kind === 'job' ? prev.answer : 0) + 1 })),
        (error: unknown) => live && setView({ kind: 'failed', heading: errorHeading(error), retry: isRetryable(error) }),
      );
    // The first fetch goes out at once, not on a timer: the job is loaded before the screen shows.
    const timer = delay === 0 ? (void fetchJob(), undefined) : setTimeout(fetchJob, delay);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [hub, jobId, delay, renderKey]);

  useEffect(() => {
    if (view.kind !== 'loading') return;
    const timer = setTimeout(() => setView((v) => (v.kind === 'loading' ? { kind: 'waiting' } : v)), HELD_ANSWER_MS);
    return () => clearTimeout(timer);
  }, [view.kind]);

  // The tab says what the screen says: Processing..., Result, or the problem.
  const phase = view.kind === 'job' ? jobPhase(view.job.result.status) : view.kind === 'waiting' ? 'pending' : null;
  const title = view.kind === 'failed' ? view.heading : phase === 'completed' ? TEXT.resultHeading : phase === 'error' ? TEXT.errorHeading : phase ? TEXT.processing : null;
  useEffect(() => {
    if (!title) return;
    const [, ...suffix] = document.title.split(' · ');
    document.title = [title, ...suffix].join(' · ');
  }, [title]);

  // The outcome takes the focus, so a screen reader reads it and the keyboard starts from it.
  const heading = useRef<HTMLHeadingElement>(null);
  const outcome = phase === 'completed' || phase === 'error';
  useEffect(() => {
    if (!outcome) return;
    // Not from under a visitor who is on a button (Take Another Photo stays through the change).
    const active = document.activeElement;
    if (!active || active === document.body || !active.closest('.booth-actions')) heading.current?.focus({ preventScroll: true });
  }, [outcome]);
  // One live region, on screen from the first render, whose text changes: a region added with
  // its text already in it is often not read out.
  const status = (
    <p className="booth-visually-hidden" role="status">
      {phase === 'pending' ? MAKING_TEXT : ''}
    </p>
  );

  const takeAnother = (
    <a className="booth-button" href={screenPath(base, 'camera')}>
      {TEXT.takeAnother}
    </a>
  );
  // The live region stays the first child through every view, so it stays the same element.
  return (
    <>
      {status}
      {screen()}
    </>
  );

  function screen() {
    if (view.kind === 'loading') return <Spinner />;
    if (view.kind === 'failed') {
      return (
        <ErrorView heading={view.heading}>
          {takeAnother}
          {/* Event Wi-Fi drops for a moment: the job runs on, and its result is one tap away. */}
          {view.retry ? (
            <button type="button" className="booth-button" onClick={() => setView({ kind: 'loading' })}>
              {TRY_AGAIN_TEXT}
            </button>
          ) : null}
        </ErrorView>
      );
    }
    if (view.kind === 'waiting') {
      return (
        <div className="booth-results booth-results-pending">
          <Processing video={video} />
          <div className="booth-actions">{takeAnother}</div>
        </div>
      );
    }

    const { job } = view;
    const shown = shownImages(job, (url) => aiHostUrl(aiHost, url));
    const images = shown.map((image) => image.full);
    const sticker = isSticker(job.prompt);
    return (
      <div className={`booth-results booth-results-${phase}`} data-job-answers={view.answer}>
        {phase === 'completed' ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {TEXT.resultHeading}
            </h1>
            <div className="booth-result-list">
              {shown.map((image) => (
                <ResultImage key={image.full} src={image.full} display={image.display} prompt={job.prompt} sticker={sticker} link={!kiosk} />
              ))}
            </div>
          </>
        ) : phase === 'error' ? (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {TEXT.errorHeading}
            </h1>
            <p>{job.result.message}</p>
          </>
        ) : (
          <Processing video={video} />
        )}
        <div className="booth-actions">
          {takeAnother}
          {phase === 'completed' && images.length > 0 ? (
            kiosk ? (
              <button type="button" className="booth-button" onClick={() => window.print()}>
                {EVENT_TEXT.print}
              </button>
            ) : canShare ? (
              <button type="button" className="booth-button" onClick={() => void share(images[0], job.prompt).catch(console.error)}>
                {TEXT.share}
              </button>
            ) : (
              <button type="button" className="booth-button" onClick={() => window.open(images[0], '_blank', 'noopener')}>
                {TEXT.download}
              </button>
            )
          ) : null}
        </div>
        {phase === 'completed' && images.length > 0 && handoff ? <QrHandoff url={handoff} /> : null}
        {/* What Print puts on the photo paper: the full (framed) result, alone (booth.css @media print). */}
        {phase === 'completed' && kiosk && images[0] ? <img className="booth-print-image" src={images[0]} alt="" crossOrigin="anonymous" /> : null}
      </div>
    );
  }
}

/**
 * 'Processing...' over the tenant's full-screen video. A visitor who asks for less motion gets
 * its first frame, still: a looping full-screen film is what that setting is for.
 */
function Processing({ video }: { video: string }) {
  const [still] = useState(() => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches);
  return (
    <>
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
    </>
  );
}
