import { dateWords } from '#app/content/events/date-words.ts'
import type { Service } from './schema.ts'
import { serviceTiming } from './schema.ts'

/**
 * Scheduled services' `day` and `time` in the page's language, written from their schedule where staff gave no
 * words of their own in it ('എല്ലാ ഞായറാഴ്ചയും', as `day` reads 'Every Sunday' in English); the main language's are
 * stored, written when the service was saved.
 */
export function withScheduleWords<S extends Service & { untranslated: string[] }>(
  services: readonly S[],
  language: string,
  main: string,
): S[] {
  if (language === main) return [...services]
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
