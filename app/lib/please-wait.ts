/** What a throttled person is told: the wait in whole minutes, at least one (`seconds` as in Retry-After). */
export function pleaseWait(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`
}
