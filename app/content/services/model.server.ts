import { listModels } from '#app/models/content-models.server.ts'
import type { InLocale, Locale, Localized } from '#app/models/locale.server.ts'
import type { Db } from '#app/db/database.server.ts'
import type { ContentRecord } from '#app/content/registry.ts'
import { dateWords } from '#app/dates/words.ts'
import { serviceTiming } from './schema.ts'

const model = listModels.services

type ServiceRecord = ContentRecord<'services'>

/** Services as a read in a language answers them: their words, and their day and time said from their schedule. */
function inLocaleWithSchedule<L extends Locale | undefined>(
  services: Array<InLocale<ServiceRecord, L>>,
  locale: L,
): Array<InLocale<ServiceRecord, L>> {
  if (!locale) return services
  return withScheduleWords(services as Array<Localized<ServiceRecord>>, locale) as Array<
    InLocale<ServiceRecord, L>
  >
}

/** The services in their order (in `locale`'s words when given). */
export async function listServices<L extends Locale | undefined = undefined>(args: {
  db: Db
  limit?: number
  locale?: L
}): Promise<Array<InLocale<ServiceRecord, L>>> {
  return inLocaleWithSchedule(await model.list(args), args.locale as L)
}

/** One service by its id (in `locale`'s words when given). */
export async function getService<L extends Locale | undefined = undefined>(args: {
  db: Db
  id: string
  locale?: L
}): Promise<InLocale<ServiceRecord, L> | null> {
  const service = await model.get(args)
  return service ? inLocaleWithSchedule([service], args.locale as L)[0]! : null
}

export const countServices = model.count
export const createService = model.create
export const updateService = model.update
export const deleteService = model.delete
export const reorderServices = model.reorder!

/**
 * Scheduled services' `day` and `time` in the page's language, written from their schedule where staff gave no
 * words of their own in it ('എല്ലാ ഞായറാഴ്ചയും', as `day` reads 'Every Sunday' in English); the main language's are
 * stored, written when the service was saved.
 */
function withScheduleWords<S extends ServiceRecord & { untranslated: string[] }>(
  services: readonly S[],
  { language, languages }: Locale,
): S[] {
  if (language === languages[0]) return [...services]
  const words = dateWords(language)
  return services.map((service) => {
    if (!service.starts_at) return service
    const timing = serviceTiming(service)
    let day = service.day
    let time = service.time
    try {
      if (service.untranslated.includes('day')) day = words.dateText(timing) ?? day
      if (service.untranslated.includes('time')) time = words.timeText(timing) ?? time
    } catch {
      // A rule the date engine cannot say keeps the main language's words.
      return service
    }
    const untranslated = service.untranslated.filter((field) => field !== 'day' && field !== 'time')
    return { ...service, day, time, untranslated }
  })
}
