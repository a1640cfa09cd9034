// The style tiles are on screen before the grid's code has run: a tap on one then is kept, and
// the grid acts on it as soon as it is ready (window.boothEarlyPick), so no tap is lost on a slow
// phone. A tap kept on an earlier visit of this screen (left before its grid was ready) is
// forgotten.
declare global {
  interface Window {
    boothEarlyPick?: string;
    boothEarlyTaps?: boolean;
  }
}

export function run() {
  window.boothEarlyPick = undefined;
  if (window.boothEarlyTaps) return;
  window.boothEarlyTaps = true;
  document.addEventListener(
    'click',
    (event) => {
      const tile = (event.target as Element | null)?.closest?.<HTMLElement>('[data-style-id]');
      // A backdrop's tile (src/islands/StyleGrid.tsx) adds its place: "branded-scene 1".
      if (tile && !tile.closest('[data-ready]'))
        window.boothEarlyPick = [tile.dataset.styleId, tile.dataset.backdrop].filter(Boolean).join(' ');
    },
    true,
  );
}
