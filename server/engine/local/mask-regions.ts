// The person's mask as regions of the segmentation square: which pixels are connected, the
// background holes inside the person, and a soft head and shoulders drawn for a face the mask
// missed. Pure raster work on SEGMENTATION_SIZE² masks (person.ts decides what to keep).
import { SEGMENTATION_SIZE } from './models.ts';
import type { Rect } from './raster.ts';

/** 4-connected regions of the square where `member` holds; label 0 is none, areas[label] its size. */
export function connectedRegions(
  size: number,
  member: (i: number) => boolean,
): { labels: Int32Array; areas: number[] } {
  const labels = new Int32Array(size * size);
  const areas: number[] = [0];
  const stack: number[] = [];
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== 0 || !member(start)) continue;
    const label = areas.length;
    let area = 0;
    labels[start] = label;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop() as number;
      area++;
      const x = at % size;
      const neighbours = [x > 0 ? at - 1 : -1, x < size - 1 ? at + 1 : -1, at - size, at + size];
      for (const next of neighbours) {
        if (next < 0 || next >= labels.length || labels[next] !== 0 || !member(next)) continue;
        labels[next] = label;
        stack.push(next);
      }
    }
    areas.push(area);
  }
  return { labels, areas };
}

/**
 * A soft head (an ellipse over the face box) and, when asked, shoulders (a wider ellipse below
 * it) for a face the mask missed; the matte then fits them to the photo's edges.
 */
export function drawHeadAndShoulders(mask: Uint8Array, face: Rect, shoulders: boolean): void {
  const size = SEGMENTATION_SIZE;
  const cx = face.left + face.width / 2;
  const shapes = [
    { x: cx, y: face.top + face.height * 0.45, rx: face.width * 0.7, ry: face.height * 0.75 },
    ...(shoulders ? [{ x: cx, y: face.top + face.height * 2.3, rx: face.width * 1.6, ry: face.height * 1.3 }] : []),
  ];
  // Only the square around the shapes, with their soft edge.
  const left = Math.max(0, Math.floor(Math.min(...shapes.map((e) => e.x - e.rx)) - 2));
  const right = Math.min(size, Math.ceil(Math.max(...shapes.map((e) => e.x + e.rx)) + 2));
  const top = Math.max(0, Math.floor(Math.min(...shapes.map((e) => e.y - e.ry)) - 2));
  const bottom = Math.min(size, Math.ceil(Math.max(...shapes.map((e) => e.y + e.ry)) + 2));
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      // Distance past the ellipse's rim, in px of the square: a 2 px soft edge.
      const inside = Math.max(
        ...shapes.map((e) => (1 - Math.hypot((x + 0.5 - e.x) / e.rx, (y + 0.5 - e.y) / e.ry)) * Math.min(e.rx, e.ry)),
      );
      const value = Math.round(Math.min(1, Math.max(0, 0.5 + inside / 2)) * 255);
      if (value > mask[y * size + x]) mask[y * size + x] = value;
    }
  }
}

/** Sets to solid the background regions not reaching the square's border, up to `maxArea` each. */
export function fillHoles(mask: Uint8Array, maxArea: number): void {
  const size = SEGMENTATION_SIZE;
  const { labels, areas } = connectedRegions(size, (i) => mask[i] < 128);
  const open = new Set<number>();
  for (let k = 0; k < size; k++) {
    for (const i of [k, (size - 1) * size + k, k * size, k * size + size - 1]) open.add(labels[i]);
  }
  for (let i = 0; i < mask.length; i++) {
    const label = labels[i];
    if (label > 0 && !open.has(label) && areas[label] <= maxArea) mask[i] = 255;
  }
}

/** Whether a kept region lies within 2 px of pixel `i`. */
export function touchesKept(labels: Int32Array, keep: Set<number>, i: number, size: number): boolean {
  const x = i % size;
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      const nx = x + dx;
      const n = i + dy * size + dx;
      if (nx < 0 || nx >= size || n < 0 || n >= labels.length) continue;
      if (keep.has(labels[n])) return true;
    }
  }
  return false;
}
