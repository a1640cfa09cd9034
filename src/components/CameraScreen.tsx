// The camera screen: mirrored live preview of the front camera (react-webcam), capture, retake, use.
// The photo taken is the camera's true image, as a phone's camera app saves a selfie, so a word on
// a shirt reads right in the result: the preview is mirrored by CSS (.booth-mirrored), not by
// react-webcam's `mirrored`, which would mirror the screenshot too (its getCanvas flips the canvas).
// Its two islands hand it react-webcam and the event kit's parts (contract/event-kit.ts): the
// spec's camera (src/islands/Camera.tsx) the webcam as a part of its own code; the event camera
// (src/islands/EventCamera.tsx) consent before the camera opens, a countdown, a photo chosen from
// the device, and the webcam loaded as the preview first shows (after consent, where it is asked).
// Code needed only when something happens (a camera that fails, the photo handed on) loads then.
import { Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type Webcam from 'react-webcam';
import { navigate } from 'astro:transitions/client';
import { PREVIEW_MAX_HEIGHT_PX } from '../../contract/constants.ts';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';
import { useClientValue } from '../lib/client-value.ts';
import { kioskHome, onKiosk } from '../lib/kiosk-here.ts';
import type { CameraError, CameraProblem } from '../lib/camera-problem.ts';
import { screenPath } from '../lib/paths.ts';
import { giveConsent, hasConsented } from '../stores/consent.ts';
import { answerLead, hasAnsweredLead } from '../stores/lead.ts';
import { CameraPreview } from './CameraPreview.tsx';
import type { LeadFormProps } from './LeadForm.tsx';
import type { ChoosePhotoProps } from './ChoosePhoto.tsx';
import type { ConsentFormProps } from './ConsentForm.tsx';
import type { CountdownProps } from './Countdown.tsx';

// The photo store and the camera-problem texts are needed only once a photo is handed on or
// thrown away, or the camera fails: they load then, not with the page.
const photoStore = () => import('../stores/photo.ts');

/** The texts the camera screen shows, in the page's language (contract/i18n/). */
export type CameraTexts = Pick<Catalogue, 'spec' | 'site' | 'cameraEvent' | 'consent' | 'kiosk'>;

export interface CameraProps {
  base: string;
  t: CameraTexts;
  /** Seconds counted down before the photo (0: none). */
  countdownSeconds?: number;
  /** "Choose a photo" beside Take Photo and on the camera-problem screen. */
  choosePhoto?: boolean;
  /** Consent asked before the camera opens ('' = none). */
  consentText?: string;
  privacyUrl?: string;
  /** The tenant's lead form before the camera (contract/leads.ts), after consent; absent: none. */
  leads?: { aiHost: string; tenant: string; ask: LeadFormProps['ask'] };
}

export interface CameraParts {
  /** react-webcam's component, or a lazy one (React.lazy): a Suspense boundary holds its place. */
  Webcam: typeof Webcam;
  ConsentForm?: ComponentType<ConsentFormProps>;
  LeadForm?: ComponentType<LeadFormProps>;
  /** Sends a lead to the AI hub (src/lib/ai-hub.ts), given by the lead camera with the form. */
  sendLead?: (aiHost: string, tenant: string, lead: Parameters<LeadFormProps['send']>[0]) => Promise<void>;
  ChoosePhoto?: ComponentType<ChoosePhotoProps>;
  Countdown?: ComponentType<CountdownProps>;
}

export function CameraScreen({
  base,
  t,
  countdownSeconds = 0,
  choosePhoto = false,
  consentText = '',
  privacyUrl = '',
  leads,
  Webcam,
  ConsentForm,
  LeadForm,
  sendLead,
  ChoosePhoto,
  Countdown,
}: CameraProps & CameraParts) {
  // The page's texts under the names the lines below read them by.
  const { spec: TEXT, cameraEvent: EVENT_TEXT, kiosk: KIOSK_TEXT, site } = t;
  // What a screen reader hears as the camera changes state (the screen shows it).
  const { cameraStarting: CAMERA_STARTING_TEXT, cameraReady: CAMERA_READY_TEXT, photoTaken: PHOTO_TAKEN_TEXT } = site;
  const webcam = useRef<Webcam>(null);
  const kiosk = useClientValue(onKiosk, false);
  // A consent given earlier in this visit (a phone's Take Another Photo): the page's HTML was built
  // without it, so it is read as a browser-only value, which hydrates without a mismatch (#418).
  // A kiosk's new guest comes with a new page load, which forgets it (src/stores/consent.ts).
  const consentedBefore = useClientValue(hasConsented, false);
  const [agreed, setAgreed] = useState(false);
  const consented = consentedBefore || agreed;
  const asking = Boolean(ConsentForm) && consentText !== '' && !consented;
  const leadAnsweredBefore = useClientValue(hasAnsweredLead, false);
  const [leadAnswered, setLeadAnswered] = useState(false);
  const askingLead = !asking && Boolean(LeadForm && leads && sendLead) && !(leadAnsweredBefore || leadAnswered);
  const [photo, setPhoto] = useState<string | null>(null);
  // A photo just taken is shown mirrored, as the preview was: the visitor judges pose and face
  // against the picture they posed in, and a picture that flips at the shutter looks like somebody
  // else's. The result shows the true image. A chosen file is shown as the device shows it.
  const [taken, setTaken] = useState(false);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  // Try again mounts a new camera, which asks the browser for it again.
  const [attempt, setAttempt] = useState(0);
  const [counting, setCounting] = useState(false);
  const [digit, setDigit] = useState('');
  const [note, setNote] = useState('');
  const takeButton = useRef<HTMLButtonElement>(null);
  const useButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // The button just pressed goes away (Take Photo, Retake Photo, Cancel, Continue): the focus goes
  // on to the next step instead of falling back to the page. A focus put elsewhere stays there.
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    const next = photo ? useButton.current : counting ? cancelButton.current : ready ? takeButton.current : null;
    if (lost && next) next.focus();
  }, [photo, ready, counting]);

  const capture = useCallback(() => {
    const shot = webcam.current?.getScreenshot();
    if (shot) {
      setPhoto(shot);
      setTaken(true);
      setNote(PHOTO_TAKEN_TEXT);
    }
  }, [PHOTO_TAKEN_TEXT]);

  const take = () => {
    setNote('');
    if (countdownSeconds > 0 && Countdown) {
      setDigit(String(countdownSeconds));
      setCounting(true);
    } else capture();
  };
  const counted = () => {
    setCounting(false);
    capture();
  };
  const cancel = () => {
    setCounting(false);
    setNote(EVENT_TEXT.countdownCancelled);
    takeButton.current?.focus();
  };

  // Retake throws the photo away, also one chosen earlier and still held for the styles screen.
  const retake = () => {
    setPhoto(null);
    setNote('');
    void photoStore().then((store) => store.discardPhoto());
  };
  const failed = async (error: CameraError) => {
    const { cameraProblem } = await import('../lib/camera-problem.ts');
    setProblem(cameraProblem(error, site));
  };
  const tryAgain = () => {
    setProblem(null);
    setReady(false);
    setAttempt((n) => n + 1);
  };
  const chosen = (dataUrl: string) => {
    setProblem(null);
    setCounting(false);
    setPhoto(dataUrl);
    setTaken(false);
    setNote(PHOTO_TAKEN_TEXT);
  };
  const agree = () => {
    giveConsent();
    setAgreed(true);
    heading.current?.focus({ preventScroll: true });
  };

  const leadDone = () => {
    answerLead();
    setLeadAnswered(true);
    heading.current?.focus({ preventScroll: true });
  };

  const goToStyles = () => {
    if (!photo) return;
    void photoStore().then((store) => {
      store.takePhoto(photo);
      return navigate(screenPath(base, 'styles'));
    });
  };

  // The spec's 350 px cap is a phone's; a kiosk's preview fills the room its layout has (kiosk.css).
  const previewStyle = kiosk ? undefined : { maxHeight: PREVIEW_MAX_HEIGHT_PX };
  const status =
    problem || asking || askingLead
      ? note
      : counting
        ? digit
        : note || (photo ? PHOTO_TAKEN_TEXT : ready ? CAMERA_READY_TEXT : CAMERA_STARTING_TEXT);
  const chooser = (label?: string) =>
    choosePhoto && ChoosePhoto ? (
      <ChoosePhoto
        key="choose"
        label={label ?? EVENT_TEXT.choosePhoto}
        onPhoto={chosen}
        onUnreadable={() => setNote(EVENT_TEXT.photoUnreadable)}
      />
    ) : null;
  // A kiosk's one way back to the intro on this screen, as a new page load: the next guest is
  // asked for consent again and finds no photo left (the styles and results screens have the
  // spec's Restart and Take Another Photo for that).
  const startOver = kiosk ? (
    <a key="start-over" className="booth-button" href={screenPath(kioskHome(base), 'intro')} data-astro-reload>
      {KIOSK_TEXT.startOver}
    </a>
  ) : null;

  return (
    <div className="booth-camera">
      <h1 ref={heading} tabIndex={-1}>
        {TEXT.cameraHeading}
      </h1>
      {asking && ConsentForm ? (
        <ConsentForm
          text={consentText}
          privacyUrl={privacyUrl}
          kiosk={kiosk}
          onAgree={agree}
          texts={t.consent}
          opensNewTab={site.opensNewTab}
        />
      ) : askingLead && LeadForm && leads && sendLead ? (
        // The lead form may load apart (a lazy component): a Suspense boundary holds its place.
        <Suspense fallback={null}>
          <LeadForm
            ask={leads.ask}
            kiosk={kiosk}
            send={(lead) => sendLead(leads.aiHost, leads.tenant, lead)}
            onDone={leadDone}
          />
        </Suspense>
      ) : (
        <CameraPreview
          problem={problem}
          photo={photo}
          taken={taken}
          style={previewStyle}
          texts={site}
          Webcam={Webcam}
          webcam={webcam}
          attempt={attempt}
          onReady={() => setReady(true)}
          onError={(error) => void failed(error)}
          countdown={
            counting && Countdown
              ? { Countdown, seconds: countdownSeconds, onTick: (n) => setDigit(String(n)), onZero: counted }
              : null
          }
        />
      )}
      <p className="booth-visually-hidden" role="status">
        {status}
      </p>
      {note === EVENT_TEXT.photoUnreadable ? <p className="booth-camera-note">{note}</p> : null}
      <div className="booth-actions">
        {asking || askingLead ? null : problem ? (
          <>
            <button key="again" type="button" className="booth-button" onClick={tryAgain}>
              {EVENT_TEXT.tryAgain}
            </button>
            {chooser()}
          </>
        ) : photo ? (
          <>
            {/* A chosen photo is not retaken: another is chosen. */}
            {taken ? (
              <button key="retake" type="button" className="booth-button" onClick={retake}>
                {TEXT.retakePhoto}
              </button>
            ) : (
              chooser(EVENT_TEXT.chooseAnother)
            )}
            <button key="use" type="button" className="booth-button" onClick={goToStyles} ref={useButton}>
              {TEXT.useImage}
            </button>
          </>
        ) : counting ? (
          <button key="cancel" type="button" className="booth-button" onClick={cancel} ref={cancelButton}>
            {EVENT_TEXT.cancelCountdown}
          </button>
        ) : (
          // Keys: a pressed button is replaced, not relabelled under the visitor's finger (a second
          // Enter on Take Photo would otherwise retake at once).
          <>
            <button key="take" type="button" className="booth-button" onClick={take} disabled={!ready} ref={takeButton}>
              {TEXT.takePhoto}
            </button>
            {chooser()}
          </>
        )}
        {startOver}
      </div>
    </div>
  );
}
