/**
 * What a visitor's post (a contact message, an event sign-up) meets before it is kept: a rate limit per address
 * (CONTACT_RATE_LIMIT in 10 minutes, a 429 in the visitor's words past it), a site-wide hourly allowance for posts
 * without the form's token (CONTACT_API_LIMIT), and the spam signals of spam.server.ts. Each kind counts on its own.
 */
import type { Db } from '#app/db/database.server.ts'
import { TooManyRequestsError } from '#app/lib/errors.ts'
import { consumeRateLimit } from '#app/models/rate-limits.server.ts'
import { readFormToken, type SpamCheck, spamReason } from '#app/server/spam.server.ts'

/** The window of the per-address limit. */
export const VISITOR_WINDOW_MS = 10 * 60 * 1000
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
  // Without the form's token nothing says a person typed it: such posts share one allowance an hour, site-wide,
  // so that a robot posting JSON from many addresses never reaches the office faster than the form would let it.
  const tokenless = !fromForm && 'problem' in readFormToken(secret, formToken, now.getTime())
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
