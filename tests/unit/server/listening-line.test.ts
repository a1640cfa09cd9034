// The "listening" lines: printed by server/main.ts, read by npm start and the tests' harness.
import { describe, expect, it } from 'vitest';
import { listeningLine, parseListeningLine, type Listening } from '../../../server/listen/listening-line.ts';

const cases: [string, Listening][] = [
  ['server', { scheme: 'http', local: 'http://127.0.0.1:8080', network: [], note: '' }],
  ['api', { scheme: 'http', local: 'http://[::1]:41234', network: [], note: '' }],
  [
    'server',
    {
      scheme: 'http',
      local: 'http://127.0.0.1:8080',
      network: ['http://192.168.1.5:8080', 'http://10.0.0.2:8080'],
      note: '',
    },
  ],
  [
    'server',
    {
      scheme: 'https',
      local: 'https://127.0.0.1:8443',
      network: ['https://192.168.1.5:8443'],
      note: 'self-signed certificate: a phone asks once before it goes on',
    },
  ],
];

describe('the listening line', () => {
  it.each(cases)('reads back what it printed for %s (%j)', (who, listening) => {
    const line = listeningLine(who, listening);
    expect(line).toMatch(new RegExp(`^booth ${who} listening `));
    expect(parseListeningLine(`2026-11-26T21:00:00.000Z ${line}`)).toEqual(listening);
  });

  it('says the same words the README and the operators read', () => {
    expect(listeningLine('server', cases[2]![1])).toBe(
      'booth server listening on http://127.0.0.1:8080 (on the network: http://192.168.1.5:8080, http://10.0.0.2:8080)',
    );
    expect(listeningLine('server', cases[3]![1])).toBe(
      'booth server listening for phones on https://127.0.0.1:8443 (on the network: https://192.168.1.5:8443), self-signed certificate: a phone asks once before it goes on',
    );
  });

  it('is null for any other line, and for a scheme that does not match its kind', () => {
    expect(parseListeningLine('booth server: 3 styles loaded')).toBeNull();
    expect(parseListeningLine('GET /health 200 listening on nothing')).toBeNull();
    expect(parseListeningLine('booth server listening for phones on http://127.0.0.1:8080, x')).toBeNull();
  });
});
