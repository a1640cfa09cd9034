// The embedded server: auth, content, AI hub, image proxy, media and the static site on one port.
//   npm run serve        (settings: server/README.md)
import './process/sharp.ts';
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { isIPv6, type AddressInfo } from 'node:net';
import { DEFAULT_SERVICE_PASSWORD } from '../contract/index.ts';
import { withHttpsUpgrade } from './listen/https-upgrade.ts';
import { loadSettings, SettingsError, type Settings } from './process/settings.ts';
import { limitConnections, listenerOptions } from './limits/connections.ts';
import { log, logError } from './process/log.ts';
import { roleOf, roleProblem, type RoleProcess } from './roles/role.ts';
import { DataFolderError, lockDataFolder } from './storage/data-folder-lock.ts';
import { lanAddresses, loadTls } from './listen/tls.ts';
import { listeningLine, type Listening } from './listen/listening-line.ts';

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

const chosen = roleOf(process.argv.slice(2));
if ('problem' in chosen) stopWith(chosen.problem);
const { role } = chosen;

let settings: Settings;
try {
  settings = loadSettings();
} catch (error) {
  if (error instanceof SettingsError) stopWith(error.message);
  throw error;
}
for (const notice of settings.notices) log(notice);
const roleRefused = roleProblem(role, settings.scale !== null);
if (roleRefused) stopWith(roleRefused);

const cannotStart = (error: unknown) =>
  stopWith(`Cannot start the booth server: ${error instanceof Error ? error.message : String(error)}`);
async function startRole(): Promise<RoleProcess> {
  // An API node or a worker keeps nothing on its disk: no data folder, nothing to lock.
  if (role !== 'all') {
    // Behind a load balancer that speaks HTTPS to phones: plain http only.
    settings.https = null;
    return role === 'api'
      ? (await import('./roles/api-node.ts')).startApiNode(settings, settings.scale!)
      : (await import('./roles/worker-node.ts')).startWorkerNode(settings, settings.scale!);
  }
  // Before anything in the data folder is read: a second server would run recovery on it and
  // restyle the first one's unfinished jobs again.
  const unlock = await lockDataFolder(settings.dataDir).catch((error: unknown) => {
    if (error instanceof DataFolderError) stopWith(error.message);
    throw error;
  });
  // Every exit lets the folder go, the clean shutdown below and a failed start alike; a kill -9
  // leaves the lock behind, and the next start sees its process is gone and takes it over.
  process.on('exit', unlock);
  const { startBooth } = await import('./roles/booth.ts');
  return startBooth(settings);
}
const booth = await startRole().catch(cannotStart);

const tls = settings.https
  ? await loadTls(settings.https, settings.dataDir).catch((error: unknown) =>
      booth
        .close()
        .finally(() =>
          stopWith(
            `Cannot start HTTPS: ${error instanceof Error ? error.message : String(error)}. Fix it or set BOOTH_HTTPS=off.`,
          ),
        ),
    )
  : null;

/** A host as a URL writes it: an IPv6 address in brackets, its zone's % escaped (fe80::1%25eth0). */
const urlHost = (host: string) => (isIPv6(host) ? `[${host.replace('%', '%25')}]` : host);

/** The address a person on this machine types; with a wildcard bind, the LAN addresses too. */
function addresses(scheme: 'http' | 'https', port: number, note = ''): Listening {
  const wildcard = settings.host === '0.0.0.0' || settings.host === '::';
  const local = wildcard || settings.host === 'localhost' ? '127.0.0.1' : urlHost(settings.host);
  const network = wildcard ? lanAddresses().map((address) => `${scheme}://${address}:${port}`) : [];
  return { scheme, local: `${scheme}://${local}:${port}`, network, note };
}

// Ready before the first "listening" line: whoever reads it may stop the server at once.
const servers: Server[] = [];
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  const closed = Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  // Requests holding a job answer (?wait=) would keep the server open for up to 20 s.
  for (const server of servers) server.closeAllConnections();
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
process.on('SIGHUP', () => void shutdown('SIGHUP'));
// Started by `npm start` (an IPC channel to it): when that process is gone, even by kill -9, the
// channel closes and this server stops too, letting go of its port and its data folder.
if (process.channel) {
  process.channel.unref();
  process.on('disconnect', () => void shutdown('npm start is gone'));
  if (!process.connected) void shutdown('npm start is gone');
}

const connectionLimits = {
  headersSeconds: settings.headersSeconds,
  perAddress: settings.addressConnections,
  trustedProxies: settings.trustedProxies,
};

function listen(
  options: Parameters<typeof serve>[0],
  port: number,
  variable: 'PORT' | 'BOOTH_HTTPS_PORT',
): Promise<Server> {
  return new Promise((resolve) => {
    const serverOptions = {
      ...('serverOptions' in options ? options.serverOptions : {}),
      ...listenerOptions(connectionLimits),
    };
    // autoCleanupIncoming off: a refused body is drained by lingerOnRefusal (server/limits/linger.ts),
    // whose bounds fit a phone's upload; Hono's own drain gives up after half a second.
    const server = serve(
      { ...options, serverOptions, autoCleanupIncoming: false, port, hostname: settings.host } as Parameters<
        typeof serve
      >[0],
      () => resolve(server),
    ) as Server;
    limitConnections(server, connectionLimits, variable === 'BOOTH_HTTPS_PORT');
    servers.push(server);
    server.on('error', (error: NodeJS.ErrnoException) => {
      booth
        .close()
        .finally(() =>
          stopWith(
            error.code === 'EADDRINUSE'
              ? `Port ${port} is already in use: stop the other server or set ${variable} to another port.`
              : `Cannot listen on ${urlHost(settings.host)}:${port}: ${error.message}`,
          ),
        );
    });
  });
}
const portOf = (server: Server) => (server.address() as AddressInfo).port;

// HTTPS first, so the plain listener knows where to send phones from its first request on.
const secure = tls
  ? await listen(
      { fetch: booth.app.fetch, createServer: createHttpsServer, serverOptions: { key: tls.key, cert: tls.cert } },
      settings.https!.port,
      'BOOTH_HTTPS_PORT',
    )
  : null;
const httpsPort = secure ? portOf(secure) : 0;
const upgrade = { httpsPort, behindProxy: settings.publicUrl !== undefined };
const plain = await listen(
  { fetch: secure ? (withHttpsUpgrade(booth.app.fetch, upgrade) as typeof booth.app.fetch) : booth.app.fetch },
  settings.port,
  'PORT',
);
if (settings.servicePassword === DEFAULT_SERVICE_PASSWORD && !/^(127\.|::1$|localhost$)/.test(settings.host)) {
  log(
    'The service account has its default password, which the booth takes from this machine only: to log in from the network (a build elsewhere), set BOOTH_SERVICE_PASSWORD for the server and the build.',
  );
}
// The HTTPS line first: whoever waits for the "listening on http" line then has both.
if (secure && tls) {
  const kind = tls.selfSigned
    ? 'self-signed certificate: a phone asks once before it goes on'
    : 'certificate from BOOTH_TLS_CERT';
  log(listeningLine('server', addresses('https', httpsPort, kind)));
}
// A publish from the console builds against this server, as npm start's build does.
// Only the embedded default (role all) publishes; API and worker nodes have no site to build.
if (booth.listening) {
  const wildcard = settings.host === '0.0.0.0' || settings.host === '::';
  const local = `http://${wildcard || settings.host === 'localhost' ? '127.0.0.1' : urlHost(settings.host)}:${portOf(plain)}`;
  const phoneSite =
    secure && wildcard ? lanAddresses().map((address) => `https://${address}:${httpsPort}`)[0] : undefined;
  booth.listening({ local, ...(phoneSite ? { phoneSite } : {}) });
}
log(listeningLine(role === 'all' ? 'server' : role, addresses('http', portOf(plain))));
