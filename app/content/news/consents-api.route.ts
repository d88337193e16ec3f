import type { Route } from './+types/consents-api.route.ts'
import { actorFromSession, requireSubscribersApiAccess } from '#app/auth/session.server.ts'
import { csvStream } from '#app/lib/csv.ts'
import { ValidationError } from '#app/lib/errors.ts'
import { recordActivity } from '#app/models/activity.server.ts'
import { apiHandler, json } from '#app/server/api.server.ts'
import { listConsents } from './model.server.ts'

const CSV_COLUMNS = ['at', 'action', 'email', 'wording', 'wording_version', 'language', 'page'] as const

/**
 * Administrators (editors when Settings allows): one address's consent history, oldest first (GDPR Art. 7(1): what they agreed to, when, where,
 * in which words): `?email=` as JSON, or with `format=csv` as a CSV download like the messages' export.
 */
export const loader = apiHandler<Route.LoaderArgs>(async ({ request, runtime }) => {
  const session = await requireSubscribersApiAccess(request, runtime)
  const url = new URL(request.url)
  const email = url.searchParams.get('email')?.trim().slice(0, 254) ?? ''
  if (!email) throw new ValidationError({ email: 'email is required' }, 'Invalid filter')
  const consents = await listConsents({ db: runtime.db, email })
  if (url.searchParams.get('format') !== 'csv') return json(consents)
  // Who took a copy: the log names no address (personal data).
  await recordActivity({
    db: runtime.db,
    actor: actorFromSession(session, runtime.clock),
    action: 'exported',
    section: 'subscribers',
    itemTitle: 'Consent history of one address (CSV)',
  })
  async function* pages() {
    yield consents
  }
  return new Response(csvStream(CSV_COLUMNS, pages()), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="consent-history.csv"',
      'Cache-Control': 'no-store',
    },
  })
})
