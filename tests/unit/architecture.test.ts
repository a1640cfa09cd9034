// The project's map as rules a change cannot break unnoticed: which folder may import which.
// README.md states them; each rule here reads every source file's import and export lines.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Import {
  /** The importing file, from the repository's root. */
  file: string;
  /** A repository path for a relative import, else the package name as written. */
  target: string;
  local: boolean;
  /** `import type` or `export type`: erased before the code runs, so it loads nothing. */
  typeOnly: boolean;
}

function importsOf(folder: string): Import[] {
  const files = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).filter((f) =>
    /\.(tsx?|astro|mjs)$/.test(f),
  );
  expect(files.length, `${folder} has source files`).toBeGreaterThan(3);
  return files.flatMap((name) => {
    const file = join(folder, name);
    const text = readFileSync(join(root, file), 'utf8');
    return [...text.matchAll(IMPORT)].map((match) => {
      const spec = match[1] ?? match[2] ?? match[3]!;
      const local = spec.startsWith('.');
      const typeOnly = /^\s*(?:import|export)\s+type\s/.test(match[0]);
      return { file, local, typeOnly, target: local ? relative(root, resolve(dirname(join(root, file)), spec)) : spec };
    });
  });
}

const inside = (path: string, folders: string[]) => folders.some((f) => path === f || path.startsWith(`${f}/`));
const shown = (list: Import[]) => list.map((i) => `${i.file} → ${i.target}`);

describe('the import rules', () => {
  it('the site (src/) imports itself and the contract, never the server, the pipeline or the console', () => {
    const wrong = importsOf('src').filter((i) => i.local && !inside(i.target, ['src', 'contract']));
    expect(shown(wrong)).toEqual([]);
  });

  it('the server imports itself and the contract, never the site, the pipeline or the console', () => {
    const wrong = importsOf('server').filter((i) => i.local && !inside(i.target, ['server', 'contract']));
    expect(shown(wrong)).toEqual([]);
  });

  it('the console imports itself, the contract and its few packages only', () => {
    const packages = new Set(['react', 'react-dom/client', 'nanostores', '@nanostores/react']);
    const wrong = importsOf('console').filter((i) =>
      i.local ? !inside(i.target, ['console', 'contract']) : !packages.has(i.target),
    );
    expect(shown(wrong)).toEqual([]);
  });

  it('the contract imports only itself: the site, the server and the console all read it', () => {
    const wrong = importsOf('contract').filter((i) => i.local && !inside(i.target, ['contract']));
    expect(shown(wrong)).toEqual([]);
  });

  it("the build pipeline (scripts/) never imports the site's own code (src/lib/)", () => {
    const wrong = importsOf('scripts').filter((i) => i.local && inside(i.target, ['src']));
    expect(shown(wrong)).toEqual([]);
  });

  it("storage keeps rows and files: it imports no job, queue, host or console logic (the engine's data types only)", () => {
    const wrong = importsOf('server/storage').filter(
      (i) =>
        i.local &&
        inside(i.target, [
          'server/jobs',
          'server/run',
          'server/intake',
          'server/embedded',
          'server/scale',
          'server/hosts',
          'server/admin',
          'server/roles',
        ]),
    );
    expect(shown(wrong)).toEqual([]);
  });

  it('the engine knows nothing of hosts, storage or the job path that calls it', () => {
    const wrong = importsOf('server/engine').filter(
      (i) =>
        i.local &&
        inside(i.target, [
          'server/hosts',
          'server/storage',
          'server/jobs',
          'server/run',
          'server/intake',
          'server/embedded',
          'server/scale',
          'server/admin',
          'server/roles',
        ]),
    );
    expect(shown(wrong)).toEqual([]);
  });

  it('the job path shared by both stores (server/jobs, run, intake) never imports the scale-out path: Redis and S3 plug into it', () => {
    const wrong = ['server/jobs', 'server/run', 'server/intake']
      .flatMap(importsOf)
      .filter((i) => i.local && inside(i.target, ['server/scale']));
    expect(shown(wrong)).toEqual([]);
  });

  it("the create call's intake (server/intake) knows neither job store", () => {
    const wrong = importsOf('server/intake').filter(
      (i) => i.local && inside(i.target, ['server/embedded', 'server/scale', 'server/storage']),
    );
    expect(shown(wrong)).toEqual([]);
  });

  it("running one job (server/run) knows neither store nor the job's lifecycle that calls it", () => {
    const wrong = importsOf('server/run').filter(
      (i) => i.local && inside(i.target, ['server/jobs', 'server/embedded', 'server/scale', 'server/storage']),
    );
    expect(shown(wrong)).toEqual([]);
  });
});

/**
 * Groups of server files that load each other round in a circle (Tarjan's strongly connected
 * components). Type-only imports load nothing and are left out: a cycle of loads is what makes
 * the order modules run in depend on which one is imported first.
 */
function importCycles(imports: Import[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { file, target, local, typeOnly } of imports) {
    if (!local || typeOnly || !inside(target, ['server'])) continue;
    if (!edges.has(file)) edges.set(file, new Set());
    edges.get(file)!.add(target);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || edges.get(file)?.has(file)) cycles.push(group.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe('the server is composed from the top down', () => {
  it('has no import cycles: every file is loaded before the ones that import it', () => {
    expect(importCycles(importsOf('server'))).toEqual([]);
  });

  it("keeps server/'s root to the entry point: every other file lives in the folder of its concern", () => {
    const loose = readdirSync(join(root, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => entry.name)
      .sort();
    expect(loose).toEqual(['main.ts']);
  });

  it('finds a cycle when there is one', () => {
    const cycle = [
      { file: 'server/a.ts', target: 'server/b.ts', local: true, typeOnly: false },
      { file: 'server/b.ts', target: 'server/c.ts', local: true, typeOnly: false },
      { file: 'server/c.ts', target: 'server/a.ts', local: true, typeOnly: false },
      { file: 'server/c.ts', target: 'server/d.ts', local: true, typeOnly: false },
      { file: 'server/d.ts', target: 'server/c.ts', local: true, typeOnly: true },
    ];
    expect(importCycles(cycle)).toEqual([['server/a.ts', 'server/b.ts', 'server/c.ts']]);
  });

  it("no folder imports upwards into a role's composition (server/roles/): only the entry point main.ts does", () => {
    const wrong = importsOf('server').filter(
      (i) => i.local && inside(i.target, ['server/roles']) && !inside(i.file, ['server/roles', 'server/main.ts']),
    );
    expect(shown(wrong)).toEqual([]);
  });

  it("the event wall's routes and live feeds reach its store and its bus through WallJobs and WallBus only, so a Redis store and pub/sub can back them", () => {
    const behindInterfaces = [
      'server/hosts/wall.ts',
      'server/hosts/admin-wall.ts',
      'server/wall/wall-feeds.ts',
      'server/wall/wall-bus.ts',
    ];
    const wrong = [...importsOf('server/hosts'), ...importsOf('server/wall')].filter(
      (i) => behindInterfaces.includes(i.file) && i.local && inside(i.target, ['server/storage', 'server/scale']),
    );
    expect(shown(wrong)).toEqual([]);
  });
});

describe('one home per concern: the job lifecycle (server/jobs/lifecycle.ts), the brand, the image types', () => {
  const sources = () =>
    readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => ({ file: join('server', f), text: readFileSync(join(root, 'server', f), 'utf8') }));

  it("holds the job's id, the deleted job's sentence and the retention line, which no store restates", () => {
    // A job id is made as 12 random bytes; other ids (a visitor's, in server/limits/) may be too.
    const jobWing = ['jobs', 'scale', 'storage', 'hosts', 'brand'].map((folder) => join('server', folder));
    const restated = sources().filter(
      ({ file, text }) =>
        file !== join('server', 'jobs', 'lifecycle.ts') &&
        ((jobWing.some((folder) => file.startsWith(folder)) && /randomBytes\(12\)/.test(text)) ||
          /ended after it was deleted;|retention: deleted \$|deleted from the console \(\$/.test(text)),
    );
    expect(restated.map((s) => s.file)).toEqual([]);
  });

  it("leaves a tenant's brand to server/brand/: no other file looks it up but through frameOf", () => {
    const outside = sources().filter(
      ({ file, text }) => !file.startsWith(join('server', 'brand')) && /\b(frameForTenant|knownTenant)\(/.test(text),
    );
    expect(outside.map((s) => s.file)).toEqual([]);
  });

  it('names the image types once (server/files/media-types.ts): no other file keeps a MIME-to-extension table or the PNG signature', () => {
    // The upload intake's body reader (intake/upload-body.ts) still reads its own signature: to follow.
    const restated = sources().filter(
      ({ file, text }) =>
        file !== join('server', 'files', 'media-types.ts') &&
        file !== join('server', 'intake', 'upload-body.ts') &&
        /'image\/jpeg': 'jpg'|0x89, 0x50, 0x4e, 0x47/.test(text),
    );
    expect(restated.map((s) => s.file)).toEqual([]);
  });

  it("sets sharp up once (server/process/sharp.ts): every entry point that loads sharp, main.ts and each worker thread's script, imports it first", () => {
    const loads = new Map<string, Import[]>();
    for (const i of importsOf('server')) if (!i.typeOnly) loads.set(i.file, [...(loads.get(i.file) ?? []), i]);
    const loadsSharp = (file: string, seen = new Set<string>()): boolean => {
      if (seen.has(file)) return false;
      seen.add(file);
      return (loads.get(file) ?? []).some((i) => i.target === 'sharp' || (i.local && loadsSharp(i.target, seen)));
    };
    const entries = sources()
      .filter(({ file, text }) => file === join('server', 'main.ts') || /\bparentPort\b/.test(text))
      .map((s) => s.file)
      .filter((file) => loadsSharp(file));
    expect(entries).toContain(join('server', 'run', 'engine-worker.ts'));
    const unset = entries.filter((file) => loads.get(file)?.[0]?.target !== join('server', 'process', 'sharp.ts'));
    expect(unset).toEqual([]);
  });

  it('is what both the embedded runner and the queue worker run, and both event views compute the figures with', () => {
    const text = (file: string) => readFileSync(join(root, file), 'utf8');
    for (const file of ['server/embedded/runner.ts', 'server/scale/worker.ts'])
      expect(text(file), file).toMatch(/\brunJob\(/);
    for (const file of ['server/jobs/event-jobs.ts', 'server/scale/redis-event-jobs.ts'])
      expect(text(file), file).toMatch(/\bfiguresOf\(/);
  });
});
