import type { Route } from './+types/digest-api.route.ts'
import { requireApiAccess } from '#app/auth/session.server.ts'
import { HttpError, MethodNotAllowedError, NotFoundError } from '#app/lib/errors.ts'
import { apiHandler, json } from '#app/server/api.server.ts'
import { getDigest } from './model.server.ts'
import { runDueDigest, skipNextDigest } from './weekly.server.ts'

/**
 * Administrators: the weekly news preview's two actions, `POST /api/subscribers/digest/skip` (the next one is not
 * sent) and `POST /api/subscribers/digest/send-now` (the next one goes at once, at the list's pace). Each answers
 * the week as it now stands (`week`, `status`, `recipients`).
 */
export const loader = apiHandler<Route.LoaderArgs>(() => {
  throw new MethodNotAllowedError(['POST'])
})

export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  await requireApiAccess(request, runtime, 'messages')
  if (request.method !== 'POST') throw new MethodNotAllowedError(['POST'])
  if (params.step === 'skip') return json(await skipNextDigest(runtime))
  if (params.step !== 'send-now') throw new NotFoundError()
  if (!runtime.mail) throw new HttpError(409, 'E-mail is off: set SMTP_URL and MAIL_FROM first')
  const outcome = await runDueDigest(
    {
      ...runtime,
      from: runtime.mail.from.address,
      pace: { rate: runtime.env.DIGEST_RATE, dailyLimit: runtime.env.DIGEST_DAILY_LIMIT },
    },
    { sendNow: true },
  )
  if (!outcome) throw new HttpError(409, 'The next weekly news was sent, skipped or started already')
  runtime.mailer.wake()
  return json(await getDigest({ db: runtime.db, week: outcome.week }))
})
