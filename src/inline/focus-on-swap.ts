// After a move to another screen, the focus goes to its heading (the element pressed is gone
// with the old screen): a screen reader reads where the visitor is, the keyboard starts there.
declare global {
  interface Window {
    boothFocusOnSwap?: boolean;
  }
}

export function run() {
  if (window.boothFocusOnSwap) return;
  window.boothFocusOnSwap = true;
  document.addEventListener('astro:after-swap', () => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  });
}
