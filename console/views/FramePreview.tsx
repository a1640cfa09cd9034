// The tenant's frame over a sample picture, stretched as the server stretches it over a result
// (4:5, the local styles' shape), so the operator sees what its window leaves of a guest.
import { imageAddress } from '../branding-form.ts';

export function FramePreview({ frameUrl }: { frameUrl: string }) {
  if (frameUrl === '' || /^https?:/i.test(frameUrl)) return null;
  return (
    <figure className="frame-preview" data-testid="frame-preview">
      <div className="frame-sample">
        {/* A sample result: a sky, a floor and a guest's head and shoulders, drawn here (nothing to load). */}
        <svg viewBox="0 0 400 500" aria-hidden="true" focusable="false">
          <rect width="400" height="500" fill="#7fb3d5" />
          <rect y="360" width="400" height="140" fill="#a9746e" />
          <ellipse cx="200" cy="500" rx="150" ry="140" fill="#34495e" />
          <circle cx="200" cy="250" r="80" fill="#f0c8a0" />
        </svg>
        <img src={imageAddress(frameUrl)} alt="" />
      </div>
      <figcaption>The frame over a sample picture, as it is put on each result.</figcaption>
    </figure>
  );
}
