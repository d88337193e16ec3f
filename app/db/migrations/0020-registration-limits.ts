import { type Kysely, sql } from 'kysely'

/**
 * One client may not take every place (the hardening issue's audit): a registration keeps the mailbox its address
 * reaches (`email_key`: lower case, without a `+tag`, without dots at Gmail) and a keyed hash of the connection it
 * came from (`client_key`: an HMAC of the IP address, never the address itself; null when staff added it). A date
 * holds one live (confirmed or waiting) registration per mailbox: the unique index makes a second impossible, on
 * either database, whatever the code above it does.
 *
 * Registrations kept before are given their key here. Where one mailbox already held several live ones on a date,
 * the first keeps the key and the others stay without one, as they were (staff see them, and may cancel them).
 * The key is worked out here as it was when this was written: a migration is history, not the current model.
 */
function addressKey(email: string) {
  const address = email.trim().normalize('NFC').toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 1) return address
  let local = address.slice(0, at).replace(/\+.*$/, '')
  let domain = address.slice(at + 1)
  if (domain === 'googlemail.com') domain = 'gmail.com'
  if (domain === 'gmail.com') local = local.replace(/\./g, '')
  return `${local || address.slice(0, at)}@${domain}`
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>) {
  await db.schema.alterTable('registrations').addColumn('email_key', 'text').execute()
  await db.schema.alterTable('registrations').addColumn('client_key', 'text').execute()

  const rows: Array<{ id: string; event_id: string; occurrence: string; email: string; status: string }> =
    await db
      .selectFrom('registrations')
      .select(['id', 'event_id', 'occurrence', 'email', 'status'])
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  const live = new Set<string>()
  for (const row of rows) {
    const key = addressKey(row.email)
    const date = JSON.stringify([row.event_id, row.occurrence, key])
    const isLive = row.status === 'confirmed' || row.status === 'waiting'
    if (isLive && live.has(date)) continue
    if (isLive) live.add(date)
    await db.updateTable('registrations').set({ email_key: key }).where('id', '=', row.id).execute()
  }

  await db.schema
    .createIndex('registrations_live_address_idx')
    .on('registrations')
    .columns(['event_id', 'occurrence', 'email_key'])
    .unique()
    .where(sql<boolean>`"status" in ('confirmed', 'waiting')`)
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>) {
  await db.schema.dropIndex('registrations_live_address_idx').execute()
  await db.schema.alterTable('registrations').dropColumn('client_key').execute()
  await db.schema.alterTable('registrations').dropColumn('email_key').execute()
}
