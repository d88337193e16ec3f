/**
 * A whole number written in plain digits and within [min, max], or null: '1e20', '2.5', '-1', ' 7', '' and
 * numbers past `max` are not accepted (a database would refuse them, or read them as something else).
 */
export function parseWholeNumber(
  text: string | null | undefined,
  { min, max }: { min: number; max: number },
) {
  if (text == null || !/^\d{1,15}$/.test(text)) return null
  const value = Number(text)
  return value >= min && value <= max ? value : null
}
