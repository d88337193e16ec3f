/**
 * One CSV cell (RFC 4180): quoted, quotes doubled. A cell starting with = + - @ (or a tab or carriage return)
 * is prefixed with an apostrophe, so a spreadsheet shows it as text instead of running it as a formula: a
 * visitor's message is not to become a command on a staff member's computer (OWASP "CSV injection").
 */
export function csvCell(value: string | number | null | undefined) {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

/** One CSV line, ended with CRLF as RFC 4180 has it. */
export function csvRow(values: ReadonlyArray<string | number | null | undefined>) {
  return `${values.map(csvCell).join(',')}\r\n`
}
