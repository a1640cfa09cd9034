// The line a booth process prints when it listens, and the one parser of it: `npm start`
// (scripts/start.ts) and the tests' server harness wait for these lines to learn the addresses.
//   booth server listening on http://127.0.0.1:8080 (on the network: http://192.168.1.5:8080)
//   booth server listening for phones on https://127.0.0.1:8443, self-signed certificate: …
// The HTTPS line comes first: whoever waits for the http line then has both.

export interface Listening {
  scheme: 'http' | 'https';
  /** The address a person on this machine types. */
  local: string;
  /** The addresses on the network, when the process listens on all of them. */
  network: string[];
  /** After the HTTPS addresses: what kind of certificate it is. */
  note: string;
}

const list = (l: Listening) => `${l.local}${l.network.length ? ` (on the network: ${l.network.join(', ')})` : ''}`;

/** The line for one listener of a process: `who` is "server" (the embedded default) or a role. */
export function listeningLine(who: string, l: Listening): string {
  return l.scheme === 'https'
    ? `booth ${who} listening for phones on ${list(l)}, ${l.note}`
    : `booth ${who} listening on ${list(l)}`;
}

const LINE = /booth \S+ listening (for phones )?on (https?:\/\/[^\s,]+)(?: \(on the network: ([^)]*)\))?(?:, (.*))?$/;

/** The listener a line names, or null for any other line. */
export function parseListeningLine(line: string): Listening | null {
  const match = LINE.exec(line.trim());
  if (!match) return null;
  const scheme = match[1] ? 'https' : 'http';
  if (!match[2]!.startsWith(`${scheme}://`)) return null;
  return { scheme, local: match[2]!, network: match[3] ? match[3].split(', ') : [], note: match[4] ?? '' };
}
