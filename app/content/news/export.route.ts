import type { Route } from './+types/export.route.ts'
import { actorFromSession, requireSubscribersArea } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import { recordActivity } from '#app/models/activity.server.ts'
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from './schema.ts'
import { subscribersCsv } from './subscribers-admin.server.ts'

/** "Export CSV" of the weekly news' subscribers: all of them, or those of a state and search (`?status=&q=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSubscribersArea(context)
  const runtime = context.get(runtimeContext)
  const params = new URL(request.url).searchParams
  const statusParam = params.get('status') ?? ''
  const status = (SUBSCRIBER_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as SubscriberStatus)
    : undefined
  const q = params.get('q')?.trim().slice(0, 200) || undefined
  // Who took a copy, and of which: the log names no address and no search (personal data).
  await recordActivity({
    db: runtime.db,
    actor: actorFromSession(session, runtime.clock),
    action: 'exported',
    section: 'subscribers',
    itemTitle: `Subscribers: ${status ?? 'all'}${q ? ', searched' : ''} (CSV)`,
  })
  const day = runtime.clock.now().toISOString().slice(0, 10)
  return new Response(subscribersCsv({ db: runtime.db, status, q }), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="subscribers-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
