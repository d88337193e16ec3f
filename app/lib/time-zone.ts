/** The time zone of a church that has not chosen one (the demo congregation's). */
export const DEFAULT_TIME_ZONE = 'Europe/Dublin'

/** Whether `zone` is an IANA time zone name this runtime knows ('Europe/Dublin'). */
export function isTimeZone(zone: string) {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
