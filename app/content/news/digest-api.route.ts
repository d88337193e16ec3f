import type { Route } from './+types/digest-api.route.ts'
import { actorFromSession, requireSubscribersApiAccess } from '#app/auth/session.server.ts'
import { MethodNotAllowedError, NotFoundError } from '#app/lib/errors.ts'
import { apiHandler, json } from '#app/server/api.server.ts'
import { sendComingDigestNow, skipComingDigest } from './subscribers-admin.server.ts'

/**
 * Administrators: the weekly news preview's two actions, `POST /api/subscribers/digest/skip` (the next one is not
 * sent) and `POST /api/subscribers/digest/send-now` (the next one goes at once, at the list's pace). Each answers
 * the week as it now stands (`week`, `status`, `recipients`); both are in the activity log.
 */
export const loader = apiHandler<Route.LoaderArgs>(() => {
  throw new MethodNotAllowedError(['POST'])
})

export const action = apiHandler<Route.ActionArgs>(async ({ request, params, runtime }) => {
  const session = await requireSubscribersApiAccess(request, runtime)
  if (request.method !== 'POST') throw new MethodNotAllowedError(['POST'])
  const actor = actorFromSession(session, runtime.clock)
  if (params.step === 'skip') return json(await skipComingDigest({ runtime, actor }))
  if (params.step !== 'send-now') throw new NotFoundError()
  return json(await sendComingDigestNow({ runtime, actor }))
})
