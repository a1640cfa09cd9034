// What a tenant turns on at its event (contract/event-kit.ts): countdown, pictures and tries per
// guest, kiosks, frame, backdrops, consent, and the event wall.
import {
  CONSENT_TEXT_LIMIT,
  COUNTDOWN_CHOICES,
  PICTURES_PER_GUEST_MAX,
  TRIES_PER_GUEST_MAX,
  KIOSK_IDLE_MAX_SECONDS,
  KIOSK_IDLE_MIN_SECONDS,
} from '../../contract/event-kit.ts';
import { FramePreview } from './FramePreview.tsx';
import { Backdrops } from './Backdrops.tsx';
import { type FieldsProps, fieldControls } from './field-controls.tsx';

export function EventKitFields(props: FieldsProps) {
  const { form, branding, set, problems, warnings, uploads } = props;
  const { text, flag, choice } = fieldControls(props);
  return (
    <>
      <fieldset>
        <legend>At the event</legend>
        {choice(
          'countdownSeconds',
          'Countdown before the photo',
          COUNTDOWN_CHOICES.map((n) => [String(n), n === 0 ? 'None' : `${n} seconds`] as const),
        )}
        {choice(
          'picturesPerGuest',
          'Pictures per guest',
          Array.from({ length: PICTURES_PER_GUEST_MAX }, (_, i) => i + 1).map(
            (n) => [String(n), n === 1 ? 'One picture' : `${n} pictures`] as const,
          ),
          "From one photo: samples of a generative style, or the picked local style and the tenant's other styles, each shown with its caption; the guest chooses the one to download or share.",
        )}
        {choice(
          'triesPerGuest',
          'Tries per guest',
          Array.from({ length: TRIES_PER_GUEST_MAX + 1 }, (_, n) => n).map(
            (n) => [String(n), n === 0 ? 'None' : n === 1 ? 'One more style' : `${n} more styles`] as const,
          ),
          '"Try another style" on the results screen: the guest goes back to the styles with the same photo, this many times.',
        )}
        {flag(
          'choosePhoto',
          'Offer "Choose a photo"',
          'A button beside Take Photo that takes a photo from the device.',
        )}
        {flag('qrHandoff', 'Show a QR code on the result', 'The visitor scans it to open the result on their phone.')}
        {text(
          'kioskIdleSeconds',
          'Kiosks allowed: idle seconds before the intro',
          `0: no kiosks. Else ${KIOSK_IDLE_MIN_SECONDS} to ${KIOSK_IDLE_MAX_SECONDS}: a device that opens the tenant's address with ?kiosk (/slug/?kiosk) becomes a kiosk until it opens ?kiosk=off: Print and the QR code instead of Download and Share, and back to the intro after this many seconds without a touch. Guests' phones keep Download and Share.`,
          false,
          'number',
        )}
        {flag(
          'kioskPrint',
          'Kiosks offer Print',
          "A Print button on a kiosk's result, for 10×15 cm photo paper. Off: a kiosk without a printer; the QR code takes the picture home.",
        )}
        {text(
          'frameUrl',
          'Frame',
          "A PNG with a transparent window in the tenant's files (upload one below), put on every new result once published. Empty: no frame.",
        )}
        {uploads.frameUrl}
        <FramePreview frameUrl={branding.frameUrl} />
        <Backdrops
          backdrops={form.sceneUrls}
          onChange={(list) => set('sceneUrls', list)}
          problems={problems.sceneUrls}
          warnings={warnings.sceneUrls}
          upload={uploads.sceneUrls}
        />
        {flag('logoMark', 'Put the logo on results as a corner mark', 'Used when there is no frame.')}
        {flag(
          'mirrorResult',
          'Mirror results like the preview',
          'Off: results read the right way round, as phone cameras save a selfie (text on a shirt reads right). On: as the visitor saw themselves in the preview. The frame and logo are never mirrored.',
        )}
        {choice('studioBackdrop', 'Studio portrait background', [
          ['blur', "The guest's own background, softly blurred"],
          ['gradient', "A studio gradient in the tenant's background and accent colours"],
        ])}
        {text(
          'consentText',
          'Consent text',
          `Asked before the camera; empty asks nothing. Up to ${CONSENT_TEXT_LIMIT} characters.`,
          true,
        )}
        {text('privacyUrl', 'Privacy policy address', 'An http(s) URL linked beside the consent.', false, 'url')}
      </fieldset>
      <fieldset>
        <legend>Event wall</legend>
        {flag(
          'wall',
          'Event wall',
          'A page for a big screen at /slug/wall with the newest pictures, live. A guest\'s picture goes there only if they tick "Show my picture on the event wall" on their result.',
        )}
        {choice('wallModeration', 'Wall moderation', [
          ['approve', "Approve first: each picture waits in the event page's moderation queue"],
          ['show', 'Show at once: a picture shows as soon as its guest says yes'],
        ])}
        {flag(
          'wallConsentCovered',
          'Consent covers the wall',
          'Your consent text already tells guests their picture may be shown on the wall: the box starts ticked (a guest can still untick it). Off: it starts unticked.',
        )}
      </fieldset>
    </>
  );
}
