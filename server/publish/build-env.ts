// The settings a publish gives the site build, derived from the server's own as `npm start`
// derives them (scripts/start.ts): the auth, content and AI hosts are this server at its local
// address, the QR hand-off points phones at its HTTPS network address, and the build writes into
// the folder this server serves. A value set in the environment wins, as it does for npm start.
// The service account, the public AI and image-proxy hosts and the proxy settings have the same
// names for the server and the build, so the build reads them from the same environment.
import path from 'node:path';
import { SITE_FILE_SETTINGS, readEnv } from '../../contract/settings.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ServerAddresses {
  /** http://127.0.0.1:PORT, or the address the server is bound to. */
  local: string;
  /** The first HTTPS address on the network, when there is one. */
  phoneSite?: string;
}

/** The site data file the build writes and the pages read (BOOTH_SITE_DATA, from the project's folder). */
export function siteDataFileOf(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(REPO_ROOT, readEnv(SITE_FILE_SETTINGS, env).BOOTH_SITE_DATA);
}

export function buildEnvOf(
  siteDir: string,
  addresses: ServerAddresses,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const hosts: Record<string, string> = {
    BOOTH_AUTH_HOST: addresses.local,
    BOOTH_CONTENT_HOST: addresses.local,
    BOOTH_AI_HOST: addresses.local,
    ...(addresses.phoneSite ? { BOOTH_PUBLIC_SITE_URL: addresses.phoneSite } : {}),
  };
  const chosen = Object.fromEntries(Object.entries(hosts).map(([name, value]) => [name, env[name] || value]));
  return { ...chosen, BOOTH_OUT_DIR: siteDir, BOOTH_SITE_DATA: siteDataFileOf(env) };
}
