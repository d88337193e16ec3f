import type { Kysely } from 'kysely'

import { messageKeys } from '#app/content/messages/message-keys.ts'
import { TABLES, type TableName } from '#app/content/registry.ts'
import { type Db, inTransaction } from '#app/db/database.server.ts'

/** better-auth's tables, parents before children (session, account and twoFactor refer to user). */
const AUTH_TABLES = ['user', 'account', 'session', 'verification', 'twoFactor'] as const

/**
 * Every table a backup holds: the declared tables (app/content/registry.ts), the uploads' records, the settings
 * (notification recipients, retention, the YouTube channel), the activity log, the videos already imported, the
 * weekly news' sends, the accounts.
 */
export const BACKUP_TABLES = [
  ...(Object.keys(TABLES) as TableName[]),
  'media',
  'audio_files',
  'settings',
  'activity_log',
  // The videos already made sermons: a restored site must not import them again.
  'youtube_imports',
  // Gifts and their donors (after the funds, a declared table); Stripe's events, so a restored site still knows
  // which it has seen.
  'donors',
  'gifts',
  'stripe_events',
  // Tax certificates (their PPSN sealed with the server's secret, which the backup does not hold) and the claims
  // made, so a restored site never claims a donor-year twice.
  'tax_certificates',
  'tax_claims',
  'tax_claim_donors',
  // The January statements already sent: a restored site must not send them again.
  'giving_statements',
  // The weekly news' weeks already sent: a site restored the same week must not send that week's news again.
  'digests',
  ...AUTH_TABLES,
]

/**
 * Tables a backup leaves out on purpose: counters that start again (rate limits, the cache's content version,
 * the two-step codes' last steps), the outbox (a restored site must not send old alerts again) and the
 * migrators' own bookkeeping, which the restored database's migrations write anew.
 */
export const TRANSIENT_TABLES = [
  'rate_limits',
  'two_step_last_steps',
  'outbox',
  'content_version',
  'kysely_migration',
  'kysely_migration_lock',
]

type AnyKysely = Kysely<Record<string, Record<string, unknown>>>

const anyTables = (db: Db) => db.kysely as unknown as AnyKysely

/** Every backup table's rows, by table: `npm run backup` on PostgreSQL (on SQLite it copies the file itself). */
export async function exportTables({ db }: { db: Db }) {
  const kysely = anyTables(db)
  const tables: Record<string, unknown[]> = {}
  for (const table of BACKUP_TABLES) tables[table] = await kysely.selectFrom(table).selectAll().execute()
  return tables
}

/** Replaces the content of every backup table with `tables`, in one transaction. */
export async function importTables({
  db,
  tables,
}: {
  db: Db
  tables: Record<string, Record<string, unknown>[]>
}) {
  await inTransaction(db, async (trxDb) => {
    const trx = anyTables(trxDb)
    for (const table of [...BACKUP_TABLES].reverse()) await trx.deleteFrom(table).execute()
    for (const table of BACKUP_TABLES) {
      let rows = tables[table] ?? []
      // A backup from before the inbox's search columns existed lacks them: they are always worked out anew.
      if (table === 'contact_messages') {
        rows = rows.map((row) => ({
          ...row,
          ...messageKeys(row as unknown as Parameters<typeof messageKeys>[0]),
        }))
      }
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto(table)
          .values(rows.slice(i, i + 200))
          .execute()
    }
  })
}
