// Tenants' branding, one row per (dataset, slug), in the order the content host lists them.
import type { DatabaseSync } from 'node:sqlite';
import type { BrandingItem } from '../../contract/index.ts';

export class TenantStore {
  #db: DatabaseSync;
  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  list(datasetId: string): BrandingItem[] {
    const rows = this.#db.prepare('SELECT branding FROM tenants WHERE dataset_id = ? ORDER BY position, slug').all(datasetId) as { branding: string }[];
    return rows.map((r) => JSON.parse(r.branding) as BrandingItem);
  }

  hasDataset(datasetId: string): boolean {
    return this.#db.prepare('SELECT 1 FROM tenants WHERE dataset_id = ? LIMIT 1').get(datasetId) !== undefined;
  }

  /** Adds the tenant unless its slug exists: an operator's later edits are never overwritten. */
  insertIfMissing(datasetId: string, position: number, item: BrandingItem): boolean {
    const result = this.#db
      .prepare('INSERT OR IGNORE INTO tenants (dataset_id, slug, position, branding, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(datasetId, item.slug, position, JSON.stringify(item), Date.now());
    return result.changes > 0;
  }

  upsert(datasetId: string, position: number, item: BrandingItem) {
    this.#db
      .prepare(`INSERT INTO tenants (dataset_id, slug, position, branding, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (dataset_id, slug) DO UPDATE SET position = excluded.position, branding = excluded.branding, updated_at = excluded.updated_at`)
      .run(datasetId, item.slug, position, JSON.stringify(item), Date.now());
  }
}
