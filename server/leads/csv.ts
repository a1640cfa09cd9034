// A tenant's leads as CSV (RFC 4180), safe to open in a spreadsheet: OWASP's CSV-injection rule
// (https://owasp.org/www-community/attacks/CSV_Injection) makes a cell that starts with =, +, -,
// @, a tab or a carriage return inert by putting a single quote before it, and every cell is
// quoted, its quotes doubled, so a comma, a quote or a line break stays inside its cell.
import type { StoredLead } from '../storage/leads.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: inert if a spreadsheet would read it as a formula, then quoted. */
export function csvCell(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${inert.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const LEADS_CSV_HEADER = ['given_at', 'name', 'email', 'company', 'marketing_consent'] as const;

export function leadsCsv(leads: readonly StoredLead[]): string {
  return (
    csvRow(LEADS_CSV_HEADER) +
    leads
      .map((l) => csvRow([new Date(l.createdAt).toISOString(), l.name, l.email, l.company, l.consent ? 'yes' : 'no']))
      .join('')
  );
}
