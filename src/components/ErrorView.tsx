// The root error view: the company logo and a heading with the error's status text or message.
import type { ReactNode } from 'react';
import { LOCAL_ASSETS } from '../../contract/local-assets.ts';

/**
 * `children`: what the visitor can do next (a link or a button), so an error is never a dead end.
 */
export function ErrorView({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <section className="booth-error" role="alert">
      <img className="booth-company-logo" src={LOCAL_ASSETS.companyLogo} alt="AI Photo Booth" width={160} height={50} />
      <h1>{heading}</h1>
      {children ? <div className="booth-actions">{children}</div> : null}
    </section>
  );
}
