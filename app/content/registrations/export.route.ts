import type { Route } from './+types/export.route.ts'
import { actorFromSession, requireRegistrationsArea } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import { recordActivity } from '#app/models/activity.server.ts'
import { getEvent } from '#app/content/events/model.server.ts'
import { REGISTRATION_STATUSES, type RegistrationStatus } from './schema.ts'
import { registrationsCsv } from './csv.server.ts'

/** "Export CSV" of an event's registrations: all of them, or those of a status and search (`?status=&q=`). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = await requireRegistrationsArea(context)
  const runtime = context.get(runtimeContext)
  const event = await getEvent({ db: runtime.db, id: params.id })
  if (!event) throw new Response('There is no such event', { status: 404 })
  const search = new URL(request.url).searchParams
  const statusParam = search.get('status') ?? ''
  const status = (REGISTRATION_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as RegistrationStatus)
    : undefined
  const q = search.get('q')?.trim().slice(0, 200) || undefined
  // Who took a copy, and of which event's registrations: the log names no person and no search.
  await recordActivity({
    db: runtime.db,
    actor: actorFromSession(session, runtime.clock),
    action: 'exported',
    section: 'registrations',
    itemId: event.id,
    itemTitle: `Registrations for ${event.title} (CSV)`,
  })
  const day = runtime.clock.now().toISOString().slice(0, 10)
  const name =
    event.title
      .replace(/[^\w-]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'event'
  return new Response(registrationsCsv({ db: runtime.db, eventId: event.id, status, q }), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="registrations-${name}-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
