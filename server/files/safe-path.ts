// Turns a path from a URL into a file inside one folder, or null. Nothing outside the folder is
// ever reachable: no `..`, no absolute paths, no NUL, no symbolic link leading out.
import fs from 'node:fs';
import path from 'node:path';

export function resolveInside(root: string, relative: string): string | null {
  if (relative.includes('\0') || relative.includes('\\')) return null;
  const segments = relative.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return null;
  const full = path.resolve(root, ...segments);
  if (!isWithin(root, full)) return null;
  try {
    const real = fs.realpathSync(full);
    return isWithin(fs.realpathSync(root), real) ? real : null;
  } catch {
    return null;
  }
}

function isWithin(root: string, full: string): boolean {
  const rel = path.relative(root, full);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Decodes a URL path; null when it is not valid percent-encoding. */
export function decodePath(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
