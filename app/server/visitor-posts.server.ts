/**
 * What a visitor's post (a contact message, an event sign-up) meets before it is kept: a rate limit per address
 * (CONTACT_RATE_LIMIT in 10 minutes, a 429 in the visitor's words past it), a form token good for a few posts
 * (FORM_TOKEN_USES_MAX, whatever the form; a 429 past them), a site-wide hourly allowance for posts without the
 * form's token (CONTACT_API_LIMIT), and the spam signals of spam.server.ts. Each kind counts on its own. Also the
 * filter by which staff list them (readPostsFilter).
 */
import type { Db } from '#app/db/database.server.ts'
import { HttpError, TooManyRequestsError, ValidationError } from '#app/lib/errors.ts'
import { parseWholeNumber } from '#app/lib/whole-number.ts'
import { consumeRateLimit } from '#app/models/rate-limits.server.ts'
import {
  FORM_MAX_AGE_MS,
  FORM_TOKEN_USES_MAX,
  readFormToken,
  type SpamCheck,
  spamReason,
} from '#app/server/spam.server.ts'

/** The window of the per-address limit. */
export const VISITOR_WINDOW_MS = 10 * 60 * 1000
/** The answer to a post whose form token has been used up. */
export const FORM_USED_UP =
  'This form has already been sent several times. Please reload the page and try again.'
/** The window of the site-wide allowance for posts without the form's token. */
const API_ALLOWANCE_WINDOW_MS = 60 * 60 * 1000

/**
 * Counts the post against its limits and answers why it looks like spam (`spam`, null when it does not) and whether
 * it came without the form's token (`tokenless`); throws a 429 when the address has posted too often. `kind` names
 * the counters (`contact`, `registration`).
 */
export async function judgeVisitorPost({
  db,
  secret,
  limits,
  kind,
  clientIp,
  now,
  formToken,
  fromForm,
  fields,
  tooMany,
}: {
  db: Db
  secret: string
  limits: { perAddress: number; withoutToken: number }
  kind: string
  clientIp: string
  now: Date
  formToken: unknown
  fromForm: boolean
  fields: SpamCheck['fields']
  /** The 429's words: 'Too many messages from your connection. …' */
  tooMany: string
}) {
  const { allowed } = await consumeRateLimit({
    db,
    key: `${kind}:${clientIp}`,
    limit: limits.perAddress,
    windowMs: VISITOR_WINDOW_MS,
    now: now.getTime(),
  })
  if (!allowed) throw new TooManyRequestsError(tooMany, VISITOR_WINDOW_MS / 1000)
  const token = readFormToken(secret, formToken, now.getTime())
  // A token is signed, not stored, so nothing else stops one page's token carrying a robot's every post (one served
  // 67 sign-ups): its uses are counted in the database for as long as it is good, one by one whichever worker or
  // instance takes them. The answer asks for a new page: waiting would not help.
  if ('ageMs' in token && typeof formToken === 'string') {
    const use = await consumeRateLimit({
      db,
      key: `form-token:${formToken}`,
      limit: FORM_TOKEN_USES_MAX,
      windowMs: FORM_MAX_AGE_MS,
      now: now.getTime(),
    })
    if (!use.allowed) throw new HttpError(429, FORM_USED_UP)
  }
  // Without the form's token nothing says a person typed it: such posts share one allowance an hour, site-wide,
  // so that a robot posting JSON from many addresses never reaches the office faster than the form would let it.
  const tokenless = !fromForm && 'problem' in token
  const overApiAllowance =
    tokenless &&
    !(
      await consumeRateLimit({
        db,
        key: `${kind}-api:site`,
        limit: limits.withoutToken,
        windowMs: API_ALLOWANCE_WINDOW_MS,
        now: now.getTime(),
      })
    ).allowed
  return {
    spam: spamReason(secret, now.getTime(), { formToken, fromForm, fields, overApiAllowance }),
    tokenless,
  }
}

/**
 * The filter of a staff list of visitors' posts (sign-ups, registrations) from its address: `status`, one of
 * `statuses`, and `limit` and `offset` to page; a 400 naming each one that is wrong.
 */
export function readPostsFilter<S extends string>(url: URL, statuses: readonly S[]) {
  const fields: Record<string, string> = {}
  const status = url.searchParams.get('status') || undefined
  if (status !== undefined && !(statuses as readonly string[]).includes(status)) {
    fields.status = `status must be one of ${statuses.join(', ')}`
  }
  const number = (name: 'limit' | 'offset', min: number, message: string) => {
    const text = url.searchParams.get(name)
    if (text === null || text === '') return undefined
    const value = parseWholeNumber(text, { min, max: 1_000_000_000 })
    if (value === null) fields[name] = message
    return value ?? undefined
  }
  const limit = number('limit', 1, 'limit must be a whole number of 1 or more')
  const offset = number('offset', 0, 'offset must be a whole number of 0 or more')
  if (Object.keys(fields).length > 0) throw new ValidationError(fields, 'Invalid filter')
  return { status: status as S | undefined, limit, offset }
}
