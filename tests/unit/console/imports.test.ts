// The console imports the contract and its own files only: never the site (src/) nor the server,
// so neither can end up in its bundle, and it never ends up in theirs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const consoleDir = join(root, 'console');
const PACKAGES = new Set(['react', 'react-dom/client', 'nanostores', '@nanostores/react']);
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

describe('the console', () => {
  it('imports its own files, the contract and its few packages only', () => {
    const files = readdirSync(consoleDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    const outside: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(consoleDir, file), 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const spec = match[1] ?? match[2]!;
        if (!spec.startsWith('.')) {
          if (!PACKAGES.has(spec)) outside.push(`${file}: ${spec}`);
          continue;
        }
        const target = relative(root, resolve(dirname(join(consoleDir, file)), spec));
        if (!target.startsWith('console/') && !target.startsWith('contract/')) outside.push(`${file}: ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
