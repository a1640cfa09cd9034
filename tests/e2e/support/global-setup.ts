// Once per e2e run: the real embedded server (temp data dir) and the real build of every
// tenant against it, served by that same server. Tests read the origin with inject('boothUrl').
import type { TestProject } from 'vitest/node';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DEFAULT_DATASET_ID } from '../../../contract/index.ts';
import { startServer } from '../../support/server-process.ts';
import { smtpEnv, startSmtp } from '../../support/smtp.ts';

/** Every screen test comes from this machine's one browser: as one client it would pass a visitor's limits. */
const ONE_BROWSER_MANY_VISITORS = { BOOTH_CLIENT_JOBS: '50', BOOTH_CLIENT_JOBS_PER_MINUTE: '1000' };
import {
  FRENCH_LEAD_TENANT,
  IMAGELESS_TENANT,
  KIOSK_MENU_TENANT,
  LANGUAGE_TENANTS,
  LEAD_TENANT,
  MENU_TENANT,
} from './site-data.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    boothUrl: string;
    dataDir: string;
    siteDir: string;
    siteDataFile: string;
    /** Where the run's SMTP server writes each message it receives (one .eml file each). */
    mailDir: string;
  }
}

const root = join(import.meta.dirname, '..', '..', '..');

function runBuild(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts', 'build.ts')], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The site build failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

/** A tenant row as an operator adds one, straight into the running server's SQLite file. */
function addTenant(file: string, branding: object & { slug: string }) {
  const db = new DatabaseSync(file);
  try {
    db.prepare('INSERT INTO tenants (dataset_id, slug, position, branding, updated_at) VALUES (?, ?, 99, ?, ?)').run(
      DEFAULT_DATASET_ID,
      branding.slug,
      JSON.stringify(branding),
      Date.now(),
    );
  } finally {
    db.close();
  }
}

/** A port free now: the server's address must be known before it starts (see below). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
  });
}

export default async function setup(project: TestProject) {
  const siteDir = join(root, '.test-runs', 'e2e', 'dist');
  const siteDataFile = join(root, '.test-runs', 'e2e', 'tenants.generated.json');
  rmSync(siteDir, { recursive: true, force: true });
  const port = await freePort();
  // A publish from the console (tests/e2e/console/journey.test.ts) builds as this build does:
  // into the same folder and site data file, with the same public address, so that publishing
  // one new tenant adds its folder and leaves the other tenants' pages as they are.
  const shared = { BOOTH_SITE_DATA: siteDataFile, BOOTH_PUBLIC_SITE_URL: `http://127.0.0.1:${port}` };
  // A real SMTP server: the booth offers "Email me my picture" where a tenant asks (Gala Night).
  const mailDir = join(root, '.test-runs', 'e2e', 'mail');
  rmSync(mailDir, { recursive: true, force: true });
  const smtp = await startSmtp({ folder: mailDir });
  const server = await startServer({
    env: {
      PORT: String(port),
      BOOTH_SITE_DIR: siteDir,
      ...shared,
      ...ONE_BROWSER_MANY_VISITORS,
      ...smtpEnv(smtp.port),
    },
  });
  try {
    addTenant(join(server.dataDir, 'booth.sqlite'), IMAGELESS_TENANT);
    addTenant(join(server.dataDir, 'booth.sqlite'), LEAD_TENANT);
    addTenant(join(server.dataDir, 'booth.sqlite'), FRENCH_LEAD_TENANT);
    addTenant(join(server.dataDir, 'booth.sqlite'), MENU_TENANT);
    addTenant(join(server.dataDir, 'booth.sqlite'), KIOSK_MENU_TENANT);
    for (const branding of LANGUAGE_TENANTS) addTenant(join(server.dataDir, 'booth.sqlite'), branding);
    await runBuild({
      BOOTH_AUTH_HOST: server.url,
      BOOTH_CONTENT_HOST: server.url,
      BOOTH_AI_HOST: server.url,
      BOOTH_OUT_DIR: siteDir,
      BOOTH_SITE_DATA: siteDataFile,
      // The QR hand-off's address: a phone-sized page in the tests opens what the code says.
      BOOTH_PUBLIC_SITE_URL: shared.BOOTH_PUBLIC_SITE_URL,
    });
  } catch (error) {
    await server.stop();
    await smtp.close();
    throw error;
  }
  project.provide('boothUrl', server.url);
  project.provide('dataDir', server.dataDir);
  project.provide('siteDir', siteDir);
  project.provide('siteDataFile', siteDataFile);
  project.provide('mailDir', mailDir);
  return async () => {
    await server.stop();
    await smtp.close();
  };
}
