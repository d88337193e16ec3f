import type { Route } from './+types/live-api.route.ts'
import { NotFoundError } from '#app/lib/errors.ts'
import { apiHandler, json } from '#app/server/api.server.ts'
import { isoWithOffset } from './live.ts'
import { LIVE_PAGE, liveNow } from './live.server.ts'
import { VALID_UNTIL_HEADER } from '#app/lib/valid-until.ts'

/**
 * Public: the live page's state (issue 47), `{ state, service: { id, name }, starts_at, ends_at, video_id, page }`,
 * kept by the page cache until the state next changes by the clock. 404 while no service is streamed.
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ runtime }) => {
  const live = await liveNow(runtime)
  if (!live)
    throw new NotFoundError('No service is streamed: mark a service as streamed on YouTube in the admin')
  const { answer } = live
  const { occurrence } = answer
  return json(
    {
      state: answer.state,
      service: { id: occurrence.service.id, name: occurrence.service.name },
      starts_at: isoWithOffset(occurrence.start),
      ends_at: isoWithOffset(occurrence.end),
      video_id: live.videoId,
      page: LIVE_PAGE,
    },
    // As public content's JSON (revalidated on every use), and kept by the server until the state changes.
    { headers: { 'Cache-Control': 'no-cache', [VALID_UNTIL_HEADER]: String(answer.changesAt) } },
  )
})
