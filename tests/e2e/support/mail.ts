// What the email and leads browser tests share: a finished job of a tenant on the run's booth, and
// the messages the run's SMTP server received (tests/e2e/support/global-setup.ts).
import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { CREATE_JOB_PATH } from '../../../contract/index.ts';
import { fixture } from '../../integration/server/support/client.ts';

/** A real job of the embedded server for `slug`, ended: its id and its picture's address. */
export async function finishedJob(slug: string): Promise<{ id: string; image: string }> {
  const boothUrl = inject('boothUrl');
  const created = await fetch(`${boothUrl}${CREATE_JOB_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      style_id: 'pop-art',
      image: `data:image/jpeg;base64,${fixture('astronaut.jpg').toString('base64')}`,
      tenant: slug,
    }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const job = (await (await fetch(`${boothUrl}/transformations/jobs/${id}/?wait=20`)).json()) as {
    images: string[];
    result: { status: string };
  };
  expect(job.result.status).toBe('COMPLETED');
  return { id, image: job.images[0]! };
}

/** The raw messages the run's SMTP server received for `address`. */
export function mailsTo(address: string): Buffer[] {
  const mailDir = inject('mailDir');
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .map((name) => fs.readFileSync(path.join(mailDir, name)))
    .filter((raw) => raw.toString('latin1').includes(`To: ${address}`));
}
