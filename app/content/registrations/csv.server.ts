import type { Db } from '#app/db/database.server.ts'
import { csvStream } from '#app/lib/csv.ts'
import { exportRegistrations } from './model.server.ts'
import type { RegistrationStatus } from './schema.ts'

const CSV_COLUMNS = ['id', 'status', 'occurrence', 'created_at', 'name', 'email', 'people', 'note'] as const

/**
 * An event's registrations as CSV, like the messages' (UTF-8 with a byte order mark, cells a spreadsheet cannot
 * run as formulas), streamed: all of them, or those of a status and search.
 */
export function registrationsCsv(filters: {
  db: Db
  eventId: string
  status?: RegistrationStatus
  q?: string
}) {
  return csvStream(CSV_COLUMNS, exportRegistrations(filters))
}
