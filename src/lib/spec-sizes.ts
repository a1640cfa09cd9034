// The spec's sizes as CSS custom properties: booth.css reads var(--booth-…), and the numbers
// live once, in contract/constants.ts. Written on every page's <body> at build time.
import {
  BUTTON_MAX_WIDTH_PX,
  CONTAINER_PADDING,
  LOGO_HEIGHT_PX,
  PREVIEW_MAX_HEIGHT_PX,
  STYLE_TILE_MIN_WIDTH_PX,
} from '../../contract/constants.ts';

export const SPEC_SIZES = {
  '--booth-padding': CONTAINER_PADDING,
  '--booth-logo-height': `${LOGO_HEIGHT_PX}px`,
  '--booth-button-max-width': `${BUTTON_MAX_WIDTH_PX}px`,
  '--booth-preview-max-height': `${PREVIEW_MAX_HEIGHT_PX}px`,
  '--booth-tile-min-width': `${STYLE_TILE_MIN_WIDTH_PX}px`,
} as const;

export const SPEC_SIZES_STYLE = Object.entries(SPEC_SIZES)
  .map(([name, value]) => `${name}:${value}`)
  .join(';');
