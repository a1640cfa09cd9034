// The guest's language kept with a message in the embedded outbox, on a real SQLite file: a file
// from before it (its outbox without the column, a message waiting in it) is upgraded when the
// booth opens it, and that message is still sent, in its tenant's language.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DATASET_ID, JOB_STATUS } from '../../../contract/index.ts';
import { CATALOGUES, fill } from '../../../contract/i18n/index.ts';
import { composer } from '../../../server/mail/compose.ts';
import type { PictureMail } from '../../../server/mail/message.ts';
import { Outbox, type Transport } from '../../../server/mail/outbox.ts';
import type { MailSettings } from '../../../server/mail/settings.ts';
import { openDatabase } from '../../../server/storage/database.ts';
import { FileStore } from '../../../server/storage/files.ts';
import { JobStore } from '../../../server/storage/jobs.ts';
import { OutboxStore } from '../../../server/storage/outbox.ts';
import { TenantStore } from '../../../server/storage/tenants.ts';

const SETTINGS: MailSettings = {
  host: '127.0.0.1',
  port: 25,
  tls: 'off',
  from: 'booth@example.org',
  giveUpSeconds: 3600,
  retryMaxSeconds: 1,
  perVisitor: 3,
  perMinute: 30,
};
const CLIENT = 'Soirée Lumière';
const JOB = 'job-lumiere';

let dir: string;

/** A booth file as the last release left it: the outbox without its language, one message waiting. */
function fileFromBefore() {
  const db = openDatabase(dir);
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
  db.exec(`ALTER TABLE outbox DROP COLUMN language; PRAGMA user_version = ${version - 1};`);
  new TenantStore(db).add(DEFAULT_DATASET_ID, {
    slug: 'lumiere',
    client: CLIENT,
    language: 'fr',
    languages: ['fr', 'en'],
    email: true,
  });
  db.prepare(
    'INSERT INTO jobs (id, style_id, status, prompt, images, tenant, created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(JOB, 'pop-art', JOB_STATUS.completed, 'Pop art', '["1.png"]', 'lumiere', Date.now(), Date.now());
  db.prepare('INSERT INTO outbox (job_id, address, created_at, next_at) VALUES (?, ?, ?, ?)').run(
    JOB,
    'before@example.com',
    Date.now(),
    Date.now(),
  );
  db.close();
  const files = new FileStore(dir);
  fs.mkdirSync(path.dirname(files.resultPath(JOB, '1.png')), { recursive: true });
  fs.writeFileSync(files.resultPath(JOB, '1.png'), Buffer.from('a picture'));
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-language-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the guest's language in the outbox", () => {
  it("sends a message queued before it in the tenant's language, and a new one in the guest's", async () => {
    fileFromBefore();
    const db = openDatabase(dir);
    const sent: PictureMail[] = [];
    const transport: Transport = {
      sendMail: async (mail) => {
        sent.push(mail);
      },
      close: () => {},
    };
    const store = new OutboxStore(db);
    const outbox = new Outbox({
      store,
      settings: SETTINGS,
      compose: composer({
        jobs: new JobStore(db),
        files: new FileStore(dir),
        lookup: { tenants: new TenantStore(db), datasetId: DEFAULT_DATASET_ID },
        tenantAssetsDir: dir,
        retentionSeconds: 3600,
      }),
      log: () => {},
      transport,
    });
    try {
      expect(store.due(Date.now(), 10)).toEqual([
        expect.objectContaining({ address: 'before@example.com', language: null }),
      ]);
      outbox.queue(JOB, 'after@example.com', 'en');
      outbox.kick();
      await outbox.idle();

      expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
        ['before@example.com', fill(CATALOGUES.fr.guest.mailSubject, { client: CLIENT })],
        ['after@example.com', `Your picture from ${CLIENT}`],
      ]);
      expect(sent[0]!.html).toContain('<html lang="fr" dir="ltr">');
      expect(store.size).toBe(0);
    } finally {
      await outbox.stop();
      db.close();
    }
  });
});
