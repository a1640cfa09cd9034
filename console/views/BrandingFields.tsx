// Every branding field of a tenant (contract/branding.ts and contract/event-kit.ts), each with
// its label, hint, and the problems the build's rule finds in it.
import { TEXT_LIMITS } from '../../contract/branding.ts';
import { type FieldsProps, fieldControls } from './field-controls.tsx';
import { LanguageFields } from './LanguageFields.tsx';
import { EventKitFields } from './EventKitFields.tsx';
import { GuestDataFields } from './GuestDataFields.tsx';

export function BrandingFields(props: FieldsProps) {
  const { form, set, problems, uploads } = props;
  const { text, colour } = fieldControls(props);
  return (
    <>
      <fieldset>
        <legend>Texts</legend>
        {text('client', 'Client name', `Up to ${TEXT_LIMITS.client} characters; the slug is used when it is empty.`)}
        {text('viewFinderTitle', 'Intro title', `Up to ${TEXT_LIMITS.viewFinderTitle} characters.`)}
        {text(
          'viewFinderDesc',
          'Intro text',
          `Up to ${TEXT_LIMITS.viewFinderDesc} characters; each line is a paragraph.`,
          true,
        )}
        <LanguageFields form={form} set={set} problems={problems} />
      </fieldset>
      <fieldset>
        <legend>Colours</legend>
        {colour('backgroundColor', 'Background colour', 'Any CSS colour: #1d2b53, navy, rgb(29 43 83), oklch(…).')}
        {colour('textColor', 'Text colour', 'It needs a contrast of at least 4.5:1 on the background colour.')}
        {colour('accentColor', 'Accent colour', 'The buttons; their text is black or white, whichever reads better.')}
      </fieldset>
      <fieldset>
        <legend>Images and video</legend>
        {text(
          'logoUrl',
          'Logo',
          "An image name in the tenant's files (upload one below) or an https URL (http:// is refused: the booth's pages are served over HTTPS). Empty: the booth's logo.",
        )}
        {uploads.logoUrl}
        {text(
          'backgroundImageUrl',
          'Background image',
          "An image name in the tenant's files or an https URL. Empty: the booth's background.",
        )}
        {uploads.backgroundImageUrl}
        {text(
          'video',
          'Processing video',
          "Played while a photo is restyled: a path on this server (/media/…) or an https URL (http:// is refused: the booth's pages are served over HTTPS).",
        )}
        {uploads.video}
      </fieldset>
      <EventKitFields {...props} />
      <GuestDataFields {...props} />
    </>
  );
}
