// The embedded server: auth, content, AI hub, image proxy, media and the static site on one port.
//   npm run serve        (settings: server/README.md)
import os from 'node:os';
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { loadSettings, SettingsError, type Settings } from './settings.ts';
import { log, logError } from './log.ts';

// node:sqlite prints an "experimental" warning on every start; it says nothing an operator can act on.
const defaultWarning = process.listeners('warning');
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name === 'ExperimentalWarning' && /SQLite/i.test(warning.message)) return;
  for (const listener of defaultWarning) listener(warning);
});

function stopWith(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let settings: Settings;
try {
  settings = loadSettings();
} catch (error) {
  if (error instanceof SettingsError) stopWith(error.message);
  throw error;
}

const { startBooth } = await import('./booth.ts');
const booth = await startBooth(settings).catch((error: unknown) => stopWith(`Cannot start the booth server: ${error instanceof Error ? error.message : String(error)}`));

/** The address a person on this machine types; with a wildcard bind, the LAN addresses too. */
function addresses(port: number) {
  const wildcard = settings.host === '0.0.0.0' || settings.host === '::';
  const local = wildcard || settings.host === 'localhost' ? '127.0.0.1' : settings.host;
  const lan = wildcard
    ? Object.values(os.networkInterfaces()).flat().filter((i) => i && i.family === 'IPv4' && !i.internal).map((i) => `http://${i!.address}:${port}`)
    : [];
  return { local: `http://${local}:${port}`, lan };
}

const server = serve({ fetch: booth.app.fetch, port: settings.port, hostname: settings.host }, (info) => {
  const { local, lan } = addresses(info.port);
  log(`booth server listening on ${local}${lan.length ? ` (on the network: ${lan.join(', ')})` : ''}`);
}) as Server;
server.on('error', (error: NodeJS.ErrnoException) => {
  booth.close().finally(() => stopWith(error.code === 'EADDRINUSE'
    ? `Port ${settings.port} is already in use: stop the other server or set PORT to another port.`
    : `Cannot listen on ${settings.host}:${settings.port}: ${error.message}`));
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  const closed = new Promise((resolve) => server.close(resolve));
  // Requests holding a job answer (?wait=) would keep the server open for up to 20 s.
  server.closeAllConnections();
  try {
    await booth.close();
    await closed;
  } catch (error) {
    logError('error while stopping', error);
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
