import type { LeadRow } from './store/types.ts';

// Export of stored leads for operators: JSON, or CSV that is safe to open in a spreadsheet program.

export const EXPORT_COLUMNS: (keyof LeadRow)[] = [
  'id',
  'created_at',
  'form_type',
  'name',
  'email',
  'phone',
  'company',
  'website',
  'service',
  'message',
  'language',
  'source',
  'status',
  'utm_data',
  'lead_data',
];

/**
 * One CSV cell: quoted, quotes doubled, and a leading =, +, -, @, tab or carriage return neutralised
 * with an apostrophe so a spreadsheet never evaluates a visitor's text as a formula.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function leadsToCsv(rows: readonly LeadRow[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const row of rows) lines.push(EXPORT_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function leadsToJson(rows: readonly LeadRow[]): string {
  const parsed = rows.map((row) => ({
    ...row,
    utm_data: JSON.parse(row.utm_data) as unknown,
    lead_data: JSON.parse(row.lead_data) as unknown,
  }));
  return `${JSON.stringify(parsed, null, 2)}\n`;
}
