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

/**
 * A CSV file streamed page by page as it is read (UTF-8 with a byte order mark, so spreadsheets read the fadas):
 * the header, then each page's rows in `columns`' order. Stopping the download stops the reading.
 */
export function csvStream<Column extends string>(
  columns: readonly Column[],
  pages: AsyncGenerator<ReadonlyArray<Readonly<Record<Column, string | number | null | undefined>>>>,
) {
  const encoder = new TextEncoder()
  let started = false
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(columns)}`))
        return
      }
      const next = await pages.next()
      if (next.done) {
        controller.close()
        return
      }
      controller.enqueue(
        encoder.encode(next.value.map((row) => csvRow(columns.map((column) => row[column]))).join('')),
      )
    },
    async cancel() {
      await pages.return(undefined)
    },
  })
}
