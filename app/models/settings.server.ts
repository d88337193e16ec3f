import type { z } from 'zod'

import { type Db, inTransaction } from '#app/db/database.server.ts'
import { parseInput } from '#app/schemas/fields.ts'
import {
  NotificationSettingsSchema,
  RETENTION_MONTHS_DEFAULT,
  RetentionSettingsSchema,
  SiteAddressSchema,
  BIBLE_LINK_DEFAULT,
  BibleLinkSchema,
  REGISTRATION_KEPT_DAYS_DEFAULT,
  RegistrationSettingsSchema,
  GivingSettingsSchema,
  type GivingSettings,
} from '#app/schemas/settings.ts'

import { type Actor, recordActivity } from './activity.server.ts'

const KEYS = {
  recipients: 'notify_recipients',
  retention: 'retention_months',
  requireTwoStep: 'require_two_step',
  siteAddress: 'site_address',
  setupHidden: 'setup_checklist_hidden',
  youtubeChannel: 'youtube_channel',
  youtubeCheck: 'youtube_check',
  bibleLink: 'bible_link',
  registrations: 'registrations',
  giving: 'giving',
  digestNotice: 'digest_notice',
} as const

async function readSetting({ db, key }: { db: Db; key: string }): Promise<unknown> {
  const row = await db.kysely.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst()
  if (!row) return undefined
  try {
    return JSON.parse(row.value) as unknown
  } catch {
    return undefined
  }
}

/** Stores a setting; with an `actor`, logged as a change of `title` in Settings, in the same transaction. */
async function writeSetting({
  db,
  key,
  value,
  log,
}: {
  db: Db
  key: string
  value: unknown
  log?: { actor: Actor; title: string }
}) {
  const row = { key, value: JSON.stringify(value), updated_at: db.clock.now().toISOString() }
  await inTransaction(db, async (trx) => {
    await trx.kysely
      .insertInto('settings')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
      .execute()
    if (log) {
      await recordActivity({
        db: trx,
        actor: log.actor,
        action: 'changed',
        section: 'settings',
        itemId: key,
        itemTitle: log.title,
      })
    }
  })
}

/** The staff addresses each new contact message is sent to (the Notifications list of the settings screen). */
export async function listNotificationRecipients({ db }: { db: Db }): Promise<string[]> {
  const value = await readSetting({ db, key: KEYS.recipients })
  const parsed = NotificationSettingsSchema.shape.recipients.safeParse(value ?? [])
  return parsed.success ? parsed.data : []
}

/** Replaces the recipients; the input is validated (a 400 naming `recipients` when an address is not one). */
export async function saveNotificationRecipients({
  db,
  data,
  actor,
}: {
  db: Db
  data: unknown
  actor?: Actor
}) {
  const { recipients } = parseInput(NotificationSettingsSchema, data)
  await writeSetting({
    db,
    key: KEYS.recipients,
    value: recipients,
    log: actor && { actor, title: 'Notification recipients' },
  })
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
    await readSetting({ db, key: KEYS.retention }),
  )
  return parsed.success ? parsed.data : RETENTION_MONTHS_DEFAULT
}

export async function saveRetentionMonths({ db, data, actor }: { db: Db; data: unknown; actor?: Actor }) {
  const { retention_months } = parseInput(RetentionSettingsSchema, data) as z.output<
    typeof RetentionSettingsSchema
  >
  const title = `Keep messages for ${retention_months} ${retention_months === 1 ? 'month' : 'months'}`
  await writeSetting({ db, key: KEYS.retention, value: retention_months, log: actor && { actor, title } })
  // The privacy policy states the period: the page cache must not keep the old one.
  await db.contentVersion.bump()
  return retention_months
}

/** Whether administrators require two-step sign-in of everyone (people without it are sent to set it up). */
export async function getRequireTwoStep({ db }: { db: Db }): Promise<boolean> {
  return (await readSetting({ db, key: KEYS.requireTwoStep })) === true
}

export async function saveRequireTwoStep({
  db,
  required,
  actor,
}: {
  db: Db
  required: boolean
  actor?: Actor
}) {
  const title = required ? 'Require two-step sign-in for everyone' : 'Two-step sign-in no longer required'
  await writeSetting({ db, key: KEYS.requireTwoStep, value: required, log: actor && { actor, title } })
  return required
}

/** The site's address an administrator confirmed in Settings (an origin), or null. PUBLIC_URL, when set, wins. */
export async function getSiteAddress({ db }: { db: Db }): Promise<string | null> {
  const parsed = SiteAddressSchema.shape.site_address.safeParse(
    await readSetting({ db, key: KEYS.siteAddress }),
  )
  return parsed.success ? parsed.data : null
}

/** Stores the site's address (a 400 naming `site_address` when it is not one); pages name it from now on. */
export async function saveSiteAddress({ db, data, actor }: { db: Db; data: unknown; actor?: Actor }) {
  const { site_address } = parseInput(SiteAddressSchema, data) as z.output<typeof SiteAddressSchema>
  await writeSetting({
    db,
    key: KEYS.siteAddress,
    value: site_address,
    log: actor && { actor, title: `Site address ${site_address}` },
  })
  // Every page's absolute addresses (canonical, share cards, feeds) change: the page cache must not keep them.
  await db.contentVersion.bump()
  return site_address
}

/** Whether an administrator hid the dashboard's set-up list ("Get your website ready") for everyone. */
export async function getSetupChecklistHidden({ db }: { db: Db }): Promise<boolean> {
  return (await readSetting({ db, key: KEYS.setupHidden })) === true
}

export async function hideSetupChecklist({ db, actor }: { db: Db; actor: Actor }) {
  await writeSetting({ db, key: KEYS.setupHidden, value: true, log: { actor, title: 'Set-up list hidden' } })
}

/** The church's YouTube channel as staff gave it, and the channel ID read from it; null when none is set. */
export interface YoutubeChannel {
  channel_id: string
  /** What staff pasted, shown back to them. */
  address: string
}

export async function getYoutubeChannel({ db }: { db: Db }): Promise<YoutubeChannel | null> {
  const value = (await readSetting({ db, key: KEYS.youtubeChannel })) as
    | Partial<YoutubeChannel>
    | null
    | undefined
  return value && typeof value.channel_id === 'string' && typeof value.address === 'string'
    ? { channel_id: value.channel_id, address: value.address }
    : null
}

/** Stores the channel (already read: app/content/sermons/youtube-channel.ts), or none; logged as a change. */
export async function saveYoutubeChannel({
  db,
  channel,
  actor,
}: {
  db: Db
  channel: YoutubeChannel | null
  actor?: Actor
}) {
  const title = channel ? `YouTube channel ${channel.channel_id}` : 'No YouTube channel'
  await writeSetting({ db, key: KEYS.youtubeChannel, value: channel, log: actor && { actor, title } })
}

/** The YouTube import's last check: when, of which channel, and what came of it. */
export interface YoutubeCheck {
  channel_id: string
  /** When it was made (ISO): the next daily check is a day later. */
  checked_at: string
  /** Null when the channel was read; else why not, in staff's words. */
  problem: string | null
  /** Drafts made by that check. */
  imported: number
  /** The videos the channel listed then (id, when published): the live page's stream is among them. */
  videos?: Array<{ id: string; published: string; views?: number | null; updated?: string | null }>
}

export async function getYoutubeCheck({ db }: { db: Db }): Promise<YoutubeCheck | null> {
  const value = (await readSetting({ db, key: KEYS.youtubeCheck })) as YoutubeCheck | null | undefined
  return value && typeof value.checked_at === 'string' ? value : null
}

/**
 * Records the start of a check, unless another worker or instance started one since `seen` was read (it wins):
 * true when this caller may go on. The stored text is compared, so two callers cannot both claim the same turn.
 */
export async function claimYoutubeCheck({
  db,
  seen,
  check,
}: {
  db: Db
  seen: YoutubeCheck | null
  check: YoutubeCheck
}) {
  const value = JSON.stringify(check)
  const updated_at = db.clock.now().toISOString()
  if (seen === null) {
    const result = await db.kysely
      .insertInto('settings')
      .values({ key: KEYS.youtubeCheck, value, updated_at })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
  }
  const row = await db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', KEYS.youtubeCheck)
    .executeTakeFirst()
  if (!row) return false
  if ((JSON.parse(row.value) as YoutubeCheck).checked_at !== seen.checked_at) return false
  const result = await db.kysely
    .updateTable('settings')
    .set({ value, updated_at })
    .where('key', '=', KEYS.youtubeCheck)
    .where('value', '=', row.value)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Records what a check found. */
export async function saveYoutubeCheck({ db, check }: { db: Db; check: YoutubeCheck }) {
  await writeSetting({ db, key: KEYS.youtubeCheck, value: check })
}

/**
 * The online Bible a sermon's passages link to (its address with `{ref}`). A setting on the Settings screen
 * rather than a field of church info: it is one line the site uses, not something the church tells visitors,
 * and Settings already keeps such one-off choices (the site address) with their own save and activity entry.
 */
export async function getBibleLink({ db }: { db: Db }): Promise<string> {
  const parsed = BibleLinkSchema.shape.bible_link.safeParse(await readSetting({ db, key: KEYS.bibleLink }))
  return parsed.success ? parsed.data : BIBLE_LINK_DEFAULT
}

/** Stores the online Bible's address (a 400 naming `bible_link` when it is not one); sermon pages link there. */
export async function saveBibleLink({ db, data, actor }: { db: Db; data: unknown; actor?: Actor }) {
  const { bible_link } = parseInput(BibleLinkSchema, data) as z.output<typeof BibleLinkSchema>
  await writeSetting({
    db,
    key: KEYS.bibleLink,
    value: bible_link,
    log: actor && { actor, title: 'Online Bible' },
  })
  // Sermon pages carry the links: the page cache must not keep the old ones.
  await db.contentVersion.bump()
  return bible_link
}

export type RegistrationSettings = z.output<typeof RegistrationSettingsSchema>

/**
 * How long registrations are kept after their date (default 30 days), and whether editors may manage them and the
 * weekly news' subscribers.
 */
export async function getRegistrationSettings({ db }: { db: Db }): Promise<RegistrationSettings> {
  const parsed = RegistrationSettingsSchema.safeParse(await readSetting({ db, key: KEYS.registrations }))
  return parsed.success
    ? parsed.data
    : {
        registration_kept_days: REGISTRATION_KEPT_DAYS_DEFAULT,
        editors_manage_registrations: false,
        editors_manage_subscribers: false,
      }
}

export async function saveRegistrationSettings({
  db,
  data,
  actor,
}: {
  db: Db
  data: unknown
  actor?: Actor
}) {
  const settings = parseInput(RegistrationSettingsSchema, data) as RegistrationSettings
  const title = `Keep registrations ${settings.registration_kept_days} days after the event; editors ${
    settings.editors_manage_registrations ? 'may' : 'may not'
  } manage them; editors ${settings.editors_manage_subscribers ? 'may' : 'may not'} manage subscribers`
  await writeSetting({ db, key: KEYS.registrations, value: settings, log: actor && { actor, title } })
  // The privacy policy states the period: the page cache must not keep the old one.
  await db.contentVersion.bump()
  return settings
}

/** The bank transfer details the giving page shows (issue 49); all null until an administrator gives them. */
export async function getGivingSettings({ db }: { db: Db }): Promise<GivingSettings> {
  const parsed = GivingSettingsSchema.safeParse(await readSetting({ db, key: KEYS.giving }))
  return parsed.success
    ? parsed.data
    : {
        account_name: null,
        iban: null,
        bic: null,
        reference: null,
        charity_number: null,
        presets: null,
      }
}

export async function saveGivingSettings({ db, data, actor }: { db: Db; data: unknown; actor?: Actor }) {
  const settings = parseInput(GivingSettingsSchema, data) as GivingSettings
  await writeSetting({
    db,
    key: KEYS.giving,
    value: settings,
    log: actor && { actor, title: 'Bank transfer details for giving' },
  })
  // The giving page shows them: the page cache must not keep the old ones.
  await db.contentVersion.bump()
  return settings
}

/**
 * Staff's notice in the weekly news (issue 48): a short rich text in each of the site's languages (the main
 * language's where one is missing), sent in every digest up to and including `expires_on` (the church's date).
 */
export interface DigestNotice {
  html: Record<string, string>
  expires_on: string
}

/** Staff's notice in the weekly news, or null. */
export async function getDigestNotice({ db }: { db: Db }): Promise<DigestNotice | null> {
  const value = (await readSetting({ db, key: KEYS.digestNotice })) as DigestNotice | null | undefined
  return value && typeof value.expires_on === 'string' && value.html && typeof value.html === 'object'
    ? value
    : null
}

/** Stores the weekly news' notice (checked and made safe by the caller), or none; logged as a Settings change. */
export async function saveDigestNotice({
  db,
  notice,
  actor,
}: {
  db: Db
  notice: DigestNotice | null
  actor: Actor
}) {
  await writeSetting({
    db,
    key: KEYS.digestNotice,
    value: notice,
    log: { actor, title: notice ? `Weekly news notice until ${notice.expires_on}` : 'No weekly news notice' },
  })
}
