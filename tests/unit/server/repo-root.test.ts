// The server finds the repository's folders (the console's sources, the default data and site
// folders) from REPO_ROOT: it must be the repository's root wherever settings.ts lives.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../server/process/settings.ts';

describe('REPO_ROOT', () => {
  it("is the repository's root: the folder holding package.json and the console's entry", () => {
    expect(REPO_ROOT).toBe(path.resolve(import.meta.dirname, '..', '..', '..'));
    expect(fs.existsSync(path.join(REPO_ROOT, 'package.json'))).toBe(true);
    expect(fs.existsSync(path.join(REPO_ROOT, 'console', 'main.tsx'))).toBe(true);
  });
});
