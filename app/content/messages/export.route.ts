import type { Route } from './+types/export.route.ts'
import { actorFromSession, requireArea } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import { FILTER_LABELS } from './status.ts'
import { recordActivity } from '#app/models/activity.server.ts'
import type { MessageFilter } from './model.server.ts'
import { MESSAGE_STATUSES } from './schema.ts'
import { messagesCsv } from './inbox.server.ts'

const FILTERS: readonly string[] = [...MESSAGE_STATUSES, 'inbox']

/**
 * "Export messages (CSV)": every message of one address (`?email=`, for a subject-access request), or those of
 * a filter and search (`?status=&q=`, all of them without).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireArea(context, 'messages')
  const runtime = context.get(runtimeContext)
  const params = new URL(request.url).searchParams
  const email = params.get('email')?.trim() || undefined
  const statusParam = params.get('status') ?? ''
  const status = FILTERS.includes(statusParam) ? (statusParam as MessageFilter) : undefined
  const q = params.get('q')?.trim().slice(0, 200) || undefined
  // Who took a copy of the messages, and of which: the log names no address and no search (personal data).
  await recordActivity({
    db: runtime.db,
    actor: actorFromSession(session, runtime.clock),
    action: 'exported',
    section: 'contact_messages',
    itemTitle: email
      ? 'Messages of one address (CSV)'
      : `Messages: ${status ? FILTER_LABELS[status] : 'all'}${q ? ', searched' : ''} (CSV)`,
  })
  const day = runtime.clock.now().toISOString().slice(0, 10)
  const who = email ? `-${email.replace(/[^\w.@+-]/g, '_')}` : ''
  return new Response(messagesCsv({ db: runtime.db, email, status, q }), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="messages${who}-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
