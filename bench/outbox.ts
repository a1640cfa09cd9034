// The email outbox: 1 000 messages queued, then sent to an SMTP server on this machine (the
// smtp-server package, as the tests use; it reads every message whole and keeps nothing), each
// carrying a result picture as the guest's email does (the astronaut test portrait, 0.2 MB). Both
// outboxes: the embedded default's (a table of the booth's SQLite file) and the scale-out path's
// (a BullMQ queue on a redis-server started here). Figures: messages sent per second, from the
// first send to the last message read by the server, and this process's memory before and after.
//   npm run bench -- outbox
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { pictureMail } from '../server/mail/message.ts';
import { Outbox } from '../server/mail/outbox.ts';
import type { MailSettings } from '../server/mail/settings.ts';
import { MailQueue, startMailSender } from '../server/scale/mail-queue.ts';
import { openDatabase } from '../server/storage/database.ts';
import { OutboxStore } from '../server/storage/outbox.ts';
import { REPO_ROOT } from '../tests/support/server-process.ts';
import { startRedis } from '../tests/support/redis.ts';
import type { BenchRow } from './row.ts';

const MESSAGES = 1000;
const PICTURE = path.join(REPO_ROOT, 'tests/fixtures/astronaut.jpg');
/** How long the last message may take before the run counts as stuck. */
const STUCK_MS = 300_000;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** An SMTP server that reads each message to its end and counts it; `arrived` resolves at `count`. */
async function countingSmtp(count: number) {
  let received = 0;
  let done!: () => void;
  const arrived = new Promise<void>((resolve) => {
    done = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        if (received === count) done();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    arrived,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const settingsOf = (port: number): MailSettings => ({
  host: '127.0.0.1',
  port,
  tls: 'off',
  from: 'Booth <booth@example.org>',
  giveUpSeconds: 3600,
  retryMaxSeconds: 5,
  perVisitor: MESSAGES,
  perMinute: MESSAGES,
});

const mail = (address: string) =>
  pictureMail(null, address, { file: PICTURE, url: null, keptUntil: Date.now() + 86_400_000 }, null);

/** Sends, waits for the last message, and says how it went. */
async function measure(
  area: string,
  how: string,
  smtp: Awaited<ReturnType<typeof countingSmtp>>,
  start: () => void,
): Promise<BenchRow[]> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const started = performance.now();
  start();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    smtp.arrived,
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${smtp.received()} of ${MESSAGES} messages arrived in ${STUCK_MS} ms`)),
        STUCK_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  const seconds = (performance.now() - started) / 1000;
  const after = process.memoryUsage().rss;
  return [
    { area, figure: `${MESSAGES} queued messages sent`, value: `${(MESSAGES / seconds).toFixed(0)} msg/s`, how },
    {
      area,
      figure: 'memory (RSS) before and after sending',
      value: `${mb(before)} → ${mb(after)}`,
      how: `growth ${mb(after - before)}; peak of the whole process ${mb(process.resourceUsage().maxRSS * 1024)}`,
    },
  ];
}

async function embedded(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-'));
  const smtp = await countingSmtp(MESSAGES);
  const db = openDatabase(dir);
  const store = new OutboxStore(db);
  for (let i = 0; i < MESSAGES; i++) store.add(`job-${i}`, `guest-${i}@example.com`, null);
  const outbox = new Outbox({ store, settings: settingsOf(smtp.port), compose: (m) => mail(m.address), log: () => {} });
  try {
    return await measure(
      'outbox (SQLite)',
      'the embedded outbox: 1 000 rows, one message at a time, a new SMTP connection each',
      smtp,
      () => outbox.start(),
    );
  } finally {
    await outbox.stop();
    db.close();
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function scaleOut(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-outbox-redis-'));
  const redis = await startRedis(dir);
  const smtp = await countingSmtp(MESSAGES);
  const queue = new MailQueue(redis.url, { timeoutMs: 5000, log: () => {} });
  let sender: ReturnType<typeof startMailSender> | undefined;
  try {
    for (let i = 0; i < MESSAGES; i++) await queue.queue(`job-${i}`, `guest-${i}@example.com`, null);
    return await measure(
      'outbox (Redis)',
      "the scale-out outbox: 1 000 BullMQ jobs, the control node's sender, one at a time",
      smtp,
      () => {
        sender = startMailSender({
          redisUrl: redis.url,
          settings: settingsOf(smtp.port),
          compose: async (m) => mail(m.address),
          log: () => {},
        });
      },
    );
  } finally {
    await sender?.close();
    await queue.close();
    await smtp.close();
    await redis.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<BenchRow[]> {
  return [...(await embedded()), ...(await scaleOut())];
}

if (process.argv[1] === import.meta.filename) {
  const { formatTable } = await import('./row.ts');
  console.log(formatTable(await bench()));
}
