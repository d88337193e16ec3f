import type { Route } from './+types/uploads.tus.ts'
import { actorFromSession, requireApiAccess } from '#app/auth/session.server.ts'
import { apiHandler } from '#app/server/api.server.ts'
import { answerResumableUpload } from '#app/server/resumable-uploads.server.ts'

/**
 * Staff: resumable uploads of sermon audio (the tus protocol), for the admin's audio field and any tus client.
 * `POST /api/uploads/tus` starts one, `HEAD` and `PATCH` on its address continue it, `DELETE` drops it.
 */
async function answer({
  request,
  runtime,
}: Route.ActionArgs & { runtime: Parameters<typeof answerResumableUpload>[0] }) {
  const session = await requireApiAccess(request, runtime, 'content')
  return answerResumableUpload(runtime, request, actorFromSession(session, runtime.clock))
}

export const loader = apiHandler<Route.LoaderArgs>(answer)
export const action = apiHandler<Route.ActionArgs>(answer)
