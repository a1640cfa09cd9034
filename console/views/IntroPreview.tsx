// A small drawing of the tenant's intro screen from the fields as typed (after the build's
// rule): its colours, background, logo, title, text and Start button. Not the page itself.
import { DEFAULT_LANGUAGE, catalogueOf, directionOf } from '../../contract/i18n/index.ts';
import { buttonTextColor } from '../../contract/colour.ts';
import type { TenantBranding } from '../../contract/site-data.ts';
import { imageAddress } from '../branding-form.ts';

export function IntroPreview({ branding }: { branding: TenantBranding }) {
  const background = imageAddress(branding.backgroundImageUrl);
  const logo = imageAddress(branding.logoUrl);
  // In the tenant's language, as its pages are.
  const language = branding.language ?? DEFAULT_LANGUAGE;
  return (
    <section className="preview-box" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview of the intro screen</h2>
      <div
        className="preview"
        data-testid="intro-preview"
        lang={language}
        dir={directionOf(language)}
        style={{
          backgroundColor: branding.backgroundColor,
          color: branding.textColor,
          backgroundImage: background ? `url(${JSON.stringify(background)})` : undefined,
        }}
      >
        {logo ? <img className="preview-logo" src={logo} alt={`${branding.client} logo`} /> : null}
        <p className="preview-title">{branding.viewFinderTitle}</p>
        {branding.viewFinderDesc
          .split('\n')
          .filter(Boolean)
          .map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, never reordered.
            <p key={i}>{line}</p>
          ))}
        <span
          className="preview-start"
          style={{ backgroundColor: branding.accentColor, color: buttonTextColor(branding.accentColor) }}
        >
          {catalogueOf(language).spec.start}
        </span>
      </div>
    </section>
  );
}
