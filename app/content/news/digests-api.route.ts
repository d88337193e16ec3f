import type { Route } from './+types/digests-api.route.ts'
import { requireSubscribersApiAccess } from '#app/auth/session.server.ts'
import { apiHandler, json } from '#app/server/api.server.ts'
import { recentDigests } from './subscribers-admin.server.ts'

/**
 * Administrators (editors when Settings allows): the weekly news' last ten weeks, newest first: `week`, `status`
 * (`pending`, `sending`, `queued`, `empty`, `skipped`, `dropped`), `recipients` queued, `due_at`, `started_at`,
 * `finished_at`, and of its e-mails still in the outbox (sent ones are kept a week) those `sent`, `waiting` and
 * `refused`.
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, runtime }) => {
  await requireSubscribersApiAccess(request, runtime)
  return json(await recentDigests({ db: runtime.db }))
})
