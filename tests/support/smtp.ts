// A real SMTP server for the tests (the smtp-server package): it accepts every message on
// 127.0.0.1, without TLS or sign-in, keeps each one whole as it arrived, and, given a folder,
// writes each there too, for a test in another process (the browser tests' shared server).
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients, as the booth gave them to the server. */
  to: string[];
  raw: Buffer;
}

export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** Resolves with the `count`-th message once it has arrived; rejects after `timeoutMs`. */
  nth(count: number, timeoutMs: number): Promise<ReceivedMail>;
  /** Resolves with the first message to `address` once it has arrived; rejects after `timeoutMs`. */
  to(address: string, timeoutMs: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtp(opts: { port?: number; folder?: string } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const arrived = new EventEmitter();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) };
        received.push(mail);
        if (opts.folder) {
          fs.mkdirSync(opts.folder, { recursive: true });
          fs.writeFileSync(path.join(opts.folder, `${Date.now()}-${received.length}.eml`), mail.raw);
        }
        arrived.emit('mail');
        done();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const first = (found: () => ReceivedMail | undefined, timeoutMs: number, what: string) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const check = () => {
        const mail = found();
        if (!mail) return;
        clearTimeout(timer);
        arrived.off('mail', check);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        arrived.off('mail', check);
        reject(new Error(`${what} did not arrive within ${timeoutMs} ms (${received.length} message(s) did)`));
      }, timeoutMs);
      arrived.on('mail', check);
      check();
    });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    nth: (count, timeoutMs) => first(() => received[count - 1], timeoutMs, `${count} message(s)`),
    to: (address, timeoutMs) =>
      first(() => received.find((m) => m.to.includes(address)), timeoutMs, `a message to ${address}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The message as a mail client reads it: headers, text, HTML, attachments. */
export const parseMail = (raw: Buffer): Promise<Email> => PostalMime.parse(raw);

/** SMTP settings of a booth that sends through `smtp`. */
export const smtpEnv = (port: number): Record<string, string> => ({
  BOOTH_SMTP_HOST: '127.0.0.1',
  BOOTH_SMTP_PORT: String(port),
  BOOTH_SMTP_TLS: 'off',
  BOOTH_MAIL_FROM: 'Booth <booth@example.org>',
});
