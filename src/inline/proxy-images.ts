// Background and logo through the image proxy, sized to the container as measured, and measured
// again when it changes by a tenth or more (a phone turned, a kiosk window resized), within the
// proxy's largest size; a new background is swapped in once loaded, so nothing flashes. The watch
// ends when the screen is swapped for the next one. It runs on every page of a tenant whose
// images go through the proxy, the intro page included, so it stays small.
// With signed URLs (the build was given a proxy key) only the sizes the build signed can be
// asked: pages whose images are signed carry ./proxy-images-signed.ts, which picks them; the
// others carry this one alone, without the signed sizes' code.
import { DEFAULT_CONTAINER_WIDTH_PX, PROXY_MAX_DIMENSION_PX } from '../../contract/constants.ts';

/** The tokens of the container's data attributes, which the URL templates hold. */
export interface Tokens {
  widthToken?: string;
  heightToken?: string;
  signatureToken?: string;
}

/** An image's URL at a size, from its template (and its signatures, where the build signed it). */
export type Sizer = (
  tokens: Tokens,
  template: string,
  signatures: string | undefined,
  width: number,
  height: number,
) => string;

const unsigned: Sizer = (tokens, template, _signatures, width, height) =>
  template.replace(tokens.widthToken!, String(width)).replace(tokens.heightToken!, String(height));

/** How long the size must settle before new images are asked for. */
const SETTLE_MS = 300;

export function run(sizer: Sizer = unsigned) {
  const booth = document.querySelector<HTMLElement>('[data-booth]');
  if (!booth) return;
  const data = booth.dataset;
  const sized = (template: string, signatures: string | undefined, width: number, height: number) =>
    sizer(data, template, signatures, width, height);
  let shownWidth = 0;
  let shownHeight = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const update = () => {
    if (!booth.isConnected) return;
    let width = booth.clientWidth || DEFAULT_CONTAINER_WIDTH_PX;
    let height = booth.clientHeight || DEFAULT_CONTAINER_WIDTH_PX;
    const scale = Math.min(1, PROXY_MAX_DIMENSION_PX / Math.max(width, height));
    width = Math.round(width * scale);
    height = Math.round(height * scale);
    if (Math.abs(width - shownWidth) < shownWidth / 10 && Math.abs(height - shownHeight) < shownHeight / 10) return;
    const first = !shownWidth;
    shownWidth = width;
    shownHeight = height;
    if (data.backgroundTemplate) {
      const src = sized(data.backgroundTemplate, data.backgroundSignatures, width, height);
      const css = `url("${src}")`;
      if (first) booth.style.backgroundImage = css;
      else {
        const next = new Image();
        next.onload = () => (booth.style.backgroundImage = css);
        next.src = src;
      }
    }
    for (const img of booth.querySelectorAll<HTMLImageElement>('img[data-proxy-template]')) {
      img.src = sized(img.dataset.proxyTemplate!, img.dataset.proxySignatures, width, height);
    }
  };

  update();
  if (!window.ResizeObserver) return;
  const observer = new ResizeObserver(() => {
    if (!booth.isConnected) return observer.disconnect();
    clearTimeout(timer);
    timer = setTimeout(update, SETTLE_MS);
  });
  observer.observe(booth);
}
