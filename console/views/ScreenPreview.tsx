// A small drawing of one screen's texts as a guest meets them, in the tenant's colours and
// language, from the texts as typed: its headings, its lines, what a screen reader is told, and its
// buttons at the booth's own size (200 px at most, the booth's font size and padding), so a text
// that wraps or would not fit shows as it will. Not the page itself.
import { buttonTextColor } from '../../contract/colour.ts';
import { directionOf, type Language } from '../../contract/i18n/languages.ts';
import { BUTTON_TEXTS, type Screen } from '../../contract/i18n/screens.ts';
import type { TenantBranding } from '../../contract/site-data.ts';

/** Texts a screen reader reads out and the screen does not show. */
const READ_OUT = new Set([
  'site.cameraStarting',
  'site.cameraReady',
  'site.photoTaken',
  'site.yourPhoto',
  'site.cameraPreview',
  'site.resultAlt',
  'site.opensNewTab',
  'site.qrLabel',
  'site.loading',
  'site.loadingStyles',
  'site.startingPicture',
  'site.description',
  'cameraEvent.countdownCancelled',
  'guest.mailPictureAlt',
]);
const isHeading = (key: string) => /Heading$/.test(key) || ['spec.processing', 'wall.heading'].includes(key);

export interface ScreenPreviewProps {
  screen: Screen;
  /** Each text of the screen as the guest reads it: the tenant's own, else the default. */
  texts: Readonly<Record<string, string>>;
  branding: TenantBranding;
  language: Language;
}

export function ScreenPreview({ screen, texts, branding, language }: ScreenPreviewProps) {
  const keys = screen.texts;
  const headings = keys.filter(isHeading);
  const buttons = keys.filter((key) => BUTTON_TEXTS.includes(key));
  const readOut = keys.filter((key) => READ_OUT.has(key));
  const lines = keys.filter((key) => !isHeading(key) && !BUTTON_TEXTS.includes(key) && !READ_OUT.has(key));
  return (
    <section className="preview-box" aria-labelledby="screen-preview-heading">
      <h2 id="screen-preview-heading">Preview of the {screen.name} screen’s texts</h2>
      <div
        className="preview screen-preview"
        data-testid="screen-preview"
        lang={language}
        dir={directionOf(language)}
        style={{ backgroundColor: branding.backgroundColor, color: branding.textColor }}
      >
        {headings.map((key) => (
          <p key={key} className="preview-title" data-text={key}>
            {texts[key]}
          </p>
        ))}
        {lines.map((key) => (
          <p key={key} data-text={key}>
            {texts[key]}
          </p>
        ))}
        {buttons.length ? (
          <div className="preview-buttons">
            {buttons.map((key) => (
              <span
                key={key}
                className="preview-button"
                data-text={key}
                style={{ backgroundColor: branding.accentColor, color: buttonTextColor(branding.accentColor) }}
              >
                {texts[key]}
              </span>
            ))}
          </div>
        ) : null}
        {readOut.length ? (
          <div className="preview-read-out">
            <p className="preview-note" lang="en" dir="ltr">
              Read out by screen readers:
            </p>
            <ul>
              {readOut.map((key) => (
                <li key={key} data-text={key}>
                  {texts[key]}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
