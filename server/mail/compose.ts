// A queued email's message when its turn comes, from what is there then: the job's result on
// disk, its tenant's published branding and logo. Nothing of the picture is copied into the
// outbox, so a result deleted meanwhile (at the guest's request, or past its retention) is not sent.
import fs from 'node:fs';
import { JOB_STATUS, type TenantBranding } from '../../contract/index.ts';
import { brandingOf } from '../brand/tenant-branding.ts';
import type { FrameLookup } from '../brand/job-frame.ts';
import { resolveInside } from '../files/safe-path.ts';
import { resultPath } from '../embedded/local-jobs.ts';
import { isExpired } from '../embedded/retention.ts';
import type { FileStore } from '../storage/files.ts';
import type { JobStore } from '../storage/jobs.ts';
import type { OutboxMessage } from '../storage/outbox.ts';
import { pictureMail, type PictureMail } from './message.ts';

export interface ComposeDeps {
  jobs: Pick<JobStore, 'get'>;
  files: Pick<FileStore, 'resultPath'>;
  lookup: FrameLookup;
  tenantAssetsDir: string;
  /** The booth's own retention, for jobs without their tenant's. */
  retentionSeconds: number;
  /** The booth's public origin (BOOTH_PUBLIC_URL); without it the email carries the picture but no link. */
  publicUrl?: string;
}

// A bucket name never starts with '/': the default tenant's local files are not in the bucket.
const isBucketName = (value: string) => value !== '' && !value.startsWith('/') && !/^https?:/i.test(value);

/** The tenant's logo on this machine's disk, for the top of its email; null for none. */
export function logoFileOf(branding: TenantBranding | null, tenantAssetsDir: string): string | null {
  const logo = branding && isBucketName(branding.logoUrl) ? resolveInside(tenantAssetsDir, branding.logoUrl) : null;
  return logo && fs.existsSync(logo) ? logo : null;
}

export function composer(deps: ComposeDeps) {
  return (message: OutboxMessage): PictureMail | null => {
    const job = deps.jobs.get(message.jobId);
    if (!job || job.status !== JOB_STATUS.completed || isExpired(job, deps.retentionSeconds)) return null;
    const name = job.images[0];
    if (!name) return null;
    const file = deps.files.resultPath(job.id, name);
    if (!fs.existsSync(file)) return null;
    const branding = brandingOf(deps.lookup, job.tenant);
    const keptUntil = (job.finishedAt ?? Date.now()) + (job.retentionSeconds ?? deps.retentionSeconds) * 1000;
    return pictureMail(
      branding,
      message.address,
      { file, url: deps.publicUrl ? deps.publicUrl + resultPath(job.id, name) : null, keptUntil },
      logoFileOf(branding, deps.tenantAssetsDir),
      message.language,
    );
  };
}
