import type { z } from 'zod'

import type { Db } from '#app/db/database.server.ts'
import { nowIso } from '#app/lib/ids.server.ts'
import {
  NotificationSettingsSchema,
  RETENTION_MONTHS_DEFAULT,
  RetentionSettingsSchema,
} from '#app/schemas/settings.ts'

import { parseInput } from './content-model.server.ts'

const KEYS = { recipients: 'notify_recipients', retention: 'retention_months' } as const

async function readSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.kysely.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
  if (!row) return undefined
  try {
    return JSON.parse(row.value) as unknown
  } catch {
    return undefined
  }
}

async function writeSetting(db: Db, key: string, value: unknown) {
  const row = { key, value: JSON.stringify(value), updated_at: nowIso() }
  await db.kysely
    .insertInto('settings')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute()
}

/** The staff addresses each new contact message is sent to (the Notifications list of the settings screen). */
export async function listNotificationRecipients({ db }: { db: Db }): Promise<string[]> {
  const value = await readSetting(db, KEYS.recipients)
  const parsed = NotificationSettingsSchema.shape.recipients.safeParse(value ?? [])
  return parsed.success ? parsed.data : []
}

/** Replaces the recipients; the input is validated (a 400 naming `recipients` when an address is not one). */
export async function saveNotificationRecipients({ db, data }: { db: Db; data: unknown }) {
  const { recipients } = parseInput(NotificationSettingsSchema, data)
  await writeSetting(db, KEYS.recipients, recipients)
  return recipients
}

/** Fills the recipients from NOTIFY_TO when the list is empty (start-up); true when it did. */
export async function seedNotificationRecipients({ db, addresses }: { db: Db; addresses: string[] }) {
  if (addresses.length === 0 || (await listNotificationRecipients({ db })).length > 0) return false
  await saveNotificationRecipients({ db, data: { recipients: addresses } })
  return true
}

/** Months a contact message is kept (default 24). */
export async function getRetentionMonths({ db }: { db: Db }): Promise<number> {
  const parsed = RetentionSettingsSchema.shape.retention_months.safeParse(
    await readSetting(db, KEYS.retention),
  )
  return parsed.success ? parsed.data : RETENTION_MONTHS_DEFAULT
}

export async function saveRetentionMonths({ db, data }: { db: Db; data: unknown }) {
  const { retention_months } = parseInput(RetentionSettingsSchema, data) as z.output<
    typeof RetentionSettingsSchema
  >
  await writeSetting(db, KEYS.retention, retention_months)
  // The privacy policy states the period: the page cache must not keep the old one.
  await db.contentVersion.bump()
  return retention_months
}
