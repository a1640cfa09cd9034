// The scale-out outbox's sender given a message again, as BullMQ gives a message whose lock lapsed
// to a sender again after a stall: against a real redis-server and a real SMTP server, a message
// the SMTP server already accepted is not sent again, one another sender is still sending waits for
// it, and one whose send failed is sent on the next try. Every try carries the same Message-ID.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport, type Transport } from '../../../server/mail/outbox.ts';
import type { MailSettings } from '../../../server/mail/settings.ts';
import { MailOnce, messageIdOf } from '../../../server/scale/mail-once.ts';
import { mailSend, type QueuedMail } from '../../../server/scale/mail-queue.ts';
import { parseMail, startSmtp, type TestSmtp } from '../../support/smtp.ts';
import { startRedis, type RedisServer } from '../../support/redis.ts';
import { patience } from '../../support/patience.ts';

let redis: RedisServer;
let smtp: TestSmtp;
let client: Redis;
let settings: MailSettings;
const lines: string[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-once-'));

beforeAll(async () => {
  [redis, smtp] = await Promise.all([startRedis(path.join(dir, 'redis')), startSmtp()]);
  client = new Redis(redis.url);
  settings = {
    host: '127.0.0.1',
    port: smtp.port,
    tls: 'off',
    from: 'Booth <booth@example.org>',
    giveUpSeconds: 3600,
    retryMaxSeconds: 60,
    perVisitor: 3,
    perMinute: 60,
  };
});
afterAll(async () => {
  client?.disconnect();
  await Promise.all([redis?.stop(), smtp?.close()]);
});

let count = 0;
/** A queued message as BullMQ hands it to the sender: its id, the guest's address, the job it carries. */
const message = () => {
  count++;
  return {
    id: `m${count}-${Date.now()}`,
    data: { jobId: `job-${count}`, address: `guest${count}@example.com` } satisfies QueuedMail,
    attemptsMade: 0,
    timestamp: Date.now(),
  };
};

const sender = (transport: Transport) =>
  mailSend(
    {
      redisUrl: redis.url,
      settings,
      compose: async ({ address }) => ({
        to: address,
        subject: 'Your picture from Gala Night',
        text: 'Your picture',
        html: '<p>Your picture</p>',
        attachments: [],
      }),
      log: (line) => lines.push(line),
    },
    transport,
    new MailOnce(client),
  );

const to = (address: string) => smtp.received.filter((m) => m.to.includes(address));

describe('a message given to a sender again', () => {
  it('is not sent again once the SMTP server accepted it, and carries one Message-ID', async () => {
    const send = sender(smtpTransport(settings));
    const first = message();
    expect(await send(first)).toBe('sent');
    // The lock lapsed before BullMQ heard of it: the same message, one attempt later.
    expect(await send({ ...first, attemptsMade: 1 })).toBe('sent');
    expect(to(first.data.address)).toHaveLength(1);
    expect(lines).toContain(
      `mail: message ${first.id} for job ${first.data.jobId} was sent before (attempt 2): not sent again`,
    );
    const mail = await parseMail(to(first.data.address)[0]!.raw);
    expect(mail.messageId).toBe(messageIdOf(first.id, first.data.jobId, settings.from));
    expect(mail.messageId).toMatch(/^<booth-mail\.m\d+-\d+\.job-\d+@example\.org>$/);
  });

  it('waits while another sender is still sending it, then finds it sent', async () => {
    let accept!: () => void;
    const accepted = new Promise<void>((resolve) => (accept = resolve));
    const smtpNow = smtpTransport(settings);
    const slow: Transport = {
      sendMail: async (mail) => {
        await accepted;
        return smtpNow.sendMail(mail);
      },
      close: () => smtpNow.close(),
    };
    const job = message();
    const firstSend = sender(slow)(job);
    await expect.poll(() => client.exists(`booth:mail-sending:${job.id}`)).toBe(1);
    await expect(sender(smtpTransport(settings))({ ...job, attemptsMade: 1 })).rejects.toThrow(
      `Message ${job.id} is being sent by another sender; tried again.`,
    );
    accept();
    expect(await firstSend).toBe('sent');
    expect(await sender(smtpTransport(settings))({ ...job, attemptsMade: 2 })).toBe('sent');
    await smtp.to(job.data.address, patience(5_000));
    expect(to(job.data.address)).toHaveLength(1);
  });

  it('is sent on the next try when the SMTP server refused it before', async () => {
    const refusing: Transport = {
      sendMail: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
      close: () => {},
    };
    const job = message();
    await expect(sender(refusing)(job)).rejects.toThrow('ECONNREFUSED');
    expect(to(job.data.address)).toHaveLength(0);
    expect(await sender(smtpTransport(settings))({ ...job, attemptsMade: 1 })).toBe('sent');
    expect(to(job.data.address)).toHaveLength(1);
  });
});
