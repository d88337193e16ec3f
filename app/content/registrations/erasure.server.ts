import type { Db } from '#app/db/database.server.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { getRegistrationSettings } from '#app/models/settings.server.ts'
import { todayIn } from '#app/dates/engine.ts'
import { deleteEndedRegistrations } from './model.server.ts'
import { erasedEndingOnOrBefore } from './rules.ts'

/**
 * Erases registrations the set number of days after their date (daily, app/server/background.server.ts). Apart
 * from registrations.server.ts, so that the server's start and the operator's tools do not load the e-mails'
 * calendar library for it.
 */
export async function eraseEndedRegistrations({ db, now }: { db: Db; now: Date }) {
  const [{ registration_kept_days: days }, zone] = await Promise.all([
    getRegistrationSettings({ db }),
    churchTimeZone({ db }),
  ])
  return deleteEndedRegistrations({ db, endedOnOrBefore: erasedEndingOnOrBefore(todayIn(zone, now), days) })
}
