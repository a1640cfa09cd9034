// After `npm install`, drop from package-lock.json the optional platform packages that the
// registry reachable here does not serve (e.g. @astrojs/compiler-binding-darwin-arm64): npm
// records them as wanted but not present, and `npm ci` then refuses the lock as out of sync.
// Usage: npx node scripts/tidy-lock.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = join(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as {
  packages: Record<string, { optionalDependencies?: Record<string, string> }>;
};
const present = (name: string) => Object.keys(lock.packages).some((path) => path.endsWith(`node_modules/${name}`));
const dropped: string[] = [];
for (const entry of Object.values(lock.packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (present(name)) continue;
    delete entry.optionalDependencies![name];
    dropped.push(name);
  }
  if (entry.optionalDependencies && Object.keys(entry.optionalDependencies).length === 0)
    delete entry.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(dropped.length ? `dropped from the lock: ${dropped.join(', ')}` : 'the lock needs no change');
