// Work that must not delay what the screen paints first: `run` is called once the browser has
// painted the next frame (a frame callback, then a task after it). Returns the cancel.
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
