import { oncePerContentVersion } from '#app/db/content-version.server.ts'
import type { Db } from '#app/db/database.server.ts'
import type { Clock } from '#app/lib/clock.ts'
import { todayIn } from '#app/dates/engine.ts'
import { DEFAULT_TIME_ZONE } from '#app/lib/time-zone.ts'

import { singleModels } from '#app/models/content-models.server.ts'

export const getChurchInfo = singleModels.church_info.get
export const saveChurchInfo = singleModels.church_info.save

/** The church's time zone (its setting, or the default when there is no church info yet). */
export async function churchTimeZone({ db }: { db: Db }) {
  // Every page with a date asks, and it changes only with the content.
  return oncePerContentVersion(
    db,
    'church time zone',
    async () => (await getChurchInfo({ db }))?.timezone ?? DEFAULT_TIME_ZONE,
  )
}

/** The church's time zone and its date today, by the injected clock. */
export async function churchToday({ db, clock }: { db: Db; clock: Clock }) {
  const zone = await churchTimeZone({ db })
  return { zone, today: todayIn(zone, clock.now()) }
}
