// First start: the seed tenants into SQLite and their images and videos into the tenant asset
// folder. Idempotent: a tenant or a file that exists is left as it is, so an operator's edits stay.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TenantStore } from '../storage/tenants.ts';
import { log } from '../process/log.ts';
import { SEED_TENANTS } from './tenants.ts';

export const SEED_ASSETS_DIR = fileURLToPath(new URL('./assets/', import.meta.url));

export function seed(tenants: TenantStore, datasetId: string, tenantAssetsDir: string) {
  const added = SEED_TENANTS.filter((item, position) => tenants.insertIfMissing(datasetId, position, item));
  const copied = copyMissing(SEED_ASSETS_DIR, tenantAssetsDir);
  if (added.length || copied)
    log(`seed: ${added.length} tenant(s) added to dataset ${datasetId}, ${copied} asset file(s) copied`);
}

function copyMissing(from: string, to: string): number {
  let copied = 0;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copied += copyMissing(source, target);
    else if (!fs.existsSync(target)) {
      fs.copyFileSync(source, target);
      copied++;
    }
  }
  return copied;
}
