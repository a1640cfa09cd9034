// A tenant's static bundle for download, made by `node scripts/bundle.ts SLUG` (the same as
// `npm run bundle`) from the last published site, then kept until the site is published again:
// a bundle is an astro build of one page set, seconds of work, not repeated for each download.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
const BUNDLE_SCRIPT = path.join(REPO_ROOT, 'scripts', 'bundle.ts');
const BUNDLE_TIMEOUT_MS = 10 * 60_000;

export interface TenantBundlesOptions {
  /** Where the archives are kept ({dir}/{slug}.tar.gz). */
  dir: string;
  siteDataFile: string;
  siteDir: string;
  /** The build's environment (build-env.ts), or null before the server listens. */
  buildEnv: () => Record<string, string> | null;
}

export class TenantBundles {
  readonly #options: TenantBundlesOptions;
  readonly #making = new Map<string, Promise<{ file: string } | { error: string }>>();

  constructor(options: TenantBundlesOptions) {
    this.#options = options;
  }

  /** The archive, made now unless one newer than the last publish is kept. */
  get(slug: string): Promise<{ file: string } | { error: string }> {
    const file = path.join(this.#options.dir, `${slug}.tar.gz`);
    const mtime = (p: string) => fs.statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (mtime(file) > mtime(this.#options.siteDataFile)) return Promise.resolve({ file });
    const making = this.#making.get(slug) ?? this.#make(slug, file);
    this.#making.set(slug, making);
    return making.finally(() => this.#making.delete(slug));
  }

  #make(slug: string, file: string): Promise<{ file: string } | { error: string }> {
    const env = {
      ...process.env,
      ...this.#options.buildEnv(),
      BOOTH_BUNDLE_DIR: this.#options.dir,
      BOOTH_SITE_DATA: this.#options.siteDataFile,
      BOOTH_OUT_DIR: this.#options.siteDir,
    };
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [BUNDLE_SCRIPT, slug],
        { cwd: REPO_ROOT, env, timeout: BUNDLE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
        (error, _stdout, stderr) => {
          if (!error) return resolve({ file });
          resolve({
            error: stderr.trim().split('\n')[0] || `The bundle could not be made (${error.message.split('\n')[0]}).`,
          });
        },
      );
    });
  }
}
