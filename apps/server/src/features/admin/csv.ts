/** A table as a CSV export sees it: a header and rows of plain values. */
export interface CsvTable {
  columns: string[];
  rows: Array<Array<string | number | boolean | null | undefined>>;
}

/**
 * RFC 4180 text: CRLF line ends, a field quoted (its quotes doubled) when it holds a comma, a
 * quote or a line break. A text field that a spreadsheet would run as a formula (=, +, -, @, tab,
 * CR) is prefixed with an apostrophe; numbers are written as they are.
 */
export function toCsv(table: CsvTable): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map(field).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function field(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
