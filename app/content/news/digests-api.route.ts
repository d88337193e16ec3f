import type { Route } from './+types/digests-api.route.ts'
import { requireSubscribersApiAccess } from '#app/auth/session.server.ts'
import { apiHandler, json } from '#app/server/api.server.ts'
import { listDigests } from './model.server.ts'

/**
 * Administrators: the weekly news' last ten weeks, newest first: `week`, `status` (`pending`, `sending`, `queued`,
 * `empty`, `skipped`, `dropped`), `recipients` queued, `due_at`, `started_at`, `finished_at`.
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, runtime }) => {
  await requireSubscribersApiAccess(request, runtime)
  const weeks = await listDigests({ db: runtime.db })
  return json(
    weeks.map(({ week, status, recipients, due_at, started_at, finished_at }) => ({
      week,
      status,
      recipients: Number(recipients),
      due_at,
      started_at,
      finished_at,
    })),
  )
})
