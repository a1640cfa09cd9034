// The root error view: the company logo and a heading with the error's status text or message.
import { LOCAL_ASSETS } from '../lib/local-assets.ts';

export function ErrorView({ heading }: { heading: string }) {
  return (
    <section className="booth-error" role="alert">
      <img className="booth-company-logo" src={LOCAL_ASSETS.companyLogo} alt="AI Photo Booth" width={160} height={50} />
      <h1>{heading}</h1>
    </section>
  );
}

/** Shown while content loads. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="booth-spinner" role="status">
      <span className="booth-visually-hidden">{label}</span>
    </div>
  );
}
