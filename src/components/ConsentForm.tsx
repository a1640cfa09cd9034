// The tenant's consent, asked before the camera opens: its text, its privacy policy and a box
// the visitor must tick. Nothing is stored: the answer lives in memory for this visit. The
// tenant's words take their direction from their text (an English consent on an Arabic page).
import { useRef, useState, type FormEvent } from 'react';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';

export interface ConsentFormProps {
  text: string;
  privacyUrl: string;
  /** A kiosk opens no new tab: the privacy address is shown, not linked. */
  kiosk: boolean;
  onAgree: () => void;
  /** The consent's own words, in the page's language (contract/i18n/). */
  texts: Catalogue['consent'];
  opensNewTab: string;
}

export function ConsentForm({ text, privacyUrl, kiosk, onAgree, texts: EVENT_TEXT, opensNewTab }: ConsentFormProps) {
  const [refused, setRefused] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (box.current?.checked) return onAgree();
    setRefused(true);
    box.current?.focus();
  };
  return (
    <form className="booth-consent" onSubmit={submit} noValidate>
      {text
        .split('\n')
        .filter((line) => line.trim())
        .map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, never reordered.
          <p key={i} dir="auto">
            {line}
          </p>
        ))}
      {privacyUrl ? (
        <p>
          {kiosk ? (
            <>
              {EVENT_TEXT.privacyLink}: <bdi>{privacyUrl}</bdi>
            </>
          ) : (
            <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
              {EVENT_TEXT.privacyLink}
              <span className="booth-visually-hidden">{opensNewTab}</span>
            </a>
          )}
        </p>
      ) : null}
      <label className="booth-consent-box">
        <input
          ref={box}
          type="checkbox"
          required
          aria-invalid={refused || undefined}
          aria-describedby={refused ? 'booth-consent-error' : undefined}
          onChange={() => setRefused(false)}
        />
        {EVENT_TEXT.consentAgree}
      </label>
      <p id="booth-consent-error" className="booth-consent-error" role="alert">
        {refused ? EVENT_TEXT.consentNeeded : ''}
      </p>
      <div className="booth-actions">
        <button type="submit" className="booth-button">
          {EVENT_TEXT.continue}
        </button>
      </div>
    </form>
  );
}
