// Tenants' branding, one row per (dataset, slug), in the order the content host lists them.
// The operator console writes them (server/hosts/admin-api.ts); a row edited by hand may not parse.
import type { DatabaseSync } from 'node:sqlite';
import type { BrandingItem } from '../../contract/index.ts';
import { logError } from '../process/log.ts';

type TenantRow = { slug: string; branding: string };

/** A row's branding, or why it cannot be served (one line). */
function parseBranding(row: TenantRow): { item: BrandingItem } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(row.branding);
  } catch (error) {
    // V8 quotes the broken text, which may span lines.
    return { problem: `its branding is not valid JSON (${(error as Error).message.replace(/\s+/g, ' ')})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: 'its branding is not a JSON object' };
  return { item: value as BrandingItem };
}

export class TenantStore {
  #db: DatabaseSync;
  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #rows(datasetId: string): TenantRow[] {
    return this.#db
      .prepare('SELECT slug, branding FROM tenants WHERE dataset_id = ? ORDER BY position, slug')
      .all(datasetId) as TenantRow[];
  }

  /** A row broken while the server runs is left out (and logged), so the other tenants still build. */
  list(datasetId: string): BrandingItem[] {
    const items: BrandingItem[] = [];
    for (const row of this.#rows(datasetId)) {
      const parsed = parseBranding(row);
      if ('item' in parsed) items.push(parsed.item);
      else
        logError(
          `tenant ${JSON.stringify(row.slug)} of dataset ${datasetId} skipped: ${parsed.problem}. Fix its row in booth.sqlite (table tenants).`,
        );
    }
    return items;
  }

  /** One tenant's branding item, or undefined when there is none or its row does not parse. */
  find(datasetId: string, slug: string): BrandingItem | undefined {
    const row = this.#db
      .prepare('SELECT slug, branding FROM tenants WHERE dataset_id = ? AND slug = ?')
      .get(datasetId, slug) as TenantRow | undefined;
    const parsed = row && parseBranding(row);
    return parsed && 'item' in parsed ? parsed.item : undefined;
  }

  /** Throws, naming the first tenant whose branding cannot be served: checked at start. */
  check(datasetId: string) {
    for (const row of this.#rows(datasetId)) {
      const parsed = parseBranding(row);
      if ('problem' in parsed)
        throw new Error(
          `tenant ${JSON.stringify(row.slug)} of dataset ${datasetId} cannot be served: ${parsed.problem}. Fix its row in booth.sqlite (table tenants) or delete it.`,
        );
    }
  }

  /** Adds the tenant unless its slug exists: an operator's later edits are never overwritten. */
  insertIfMissing(datasetId: string, position: number, item: BrandingItem): boolean {
    const result = this.#db
      .prepare(
        'INSERT OR IGNORE INTO tenants (dataset_id, slug, position, branding, updated_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(datasetId, item.slug, position, JSON.stringify(item), Date.now());
    return result.changes > 0;
  }

  /** One tenant's stored branding item; a row that does not parse answers its problem. */
  item(datasetId: string, slug: string): { item: BrandingItem } | { problem: string } | undefined {
    const row = this.#db
      .prepare('SELECT slug, branding FROM tenants WHERE dataset_id = ? AND slug = ?')
      .get(datasetId, slug) as TenantRow | undefined;
    return row && parseBranding(row);
  }

  /** The slugs in the content host's order, whether their rows parse or not. */
  slugs(datasetId: string): string[] {
    return this.#rows(datasetId).map((row) => row.slug);
  }

  /** A new tenant goes last; false when its slug is taken. */
  add(datasetId: string, item: BrandingItem): boolean {
    const { next } = this.#db
      .prepare('SELECT COALESCE(MAX(position), -1) + 1 AS next FROM tenants WHERE dataset_id = ?')
      .get(datasetId) as { next: number };
    return this.insertIfMissing(datasetId, next, item);
  }

  /** False when there is no such tenant. */
  replace(datasetId: string, item: BrandingItem): boolean {
    return (
      this.#db
        .prepare('UPDATE tenants SET branding = ?, updated_at = ? WHERE dataset_id = ? AND slug = ?')
        .run(JSON.stringify(item), Date.now(), datasetId, item.slug).changes > 0
    );
  }

  remove(datasetId: string, slug: string): boolean {
    return this.#db.prepare('DELETE FROM tenants WHERE dataset_id = ? AND slug = ?').run(datasetId, slug).changes > 0;
  }
}
