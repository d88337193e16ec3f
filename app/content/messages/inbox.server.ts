import { sessionEnded } from '#app/server/admin-actions.server.ts'
import { data, type RouterContextProvider } from 'react-router'

import { actorFromSession, adminSessionOrNull } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { csvStream } from '#app/lib/csv.ts'
import { HttpError, ValidationError } from '#app/lib/errors.ts'
import {
  deleteContactMessages,
  deleteMessagesFrom,
  exportContactMessages,
  markContactMessageRead,
  type MessageFilter,
  updateContactMessagesStatus,
} from './model.server.ts'
import { MESSAGE_STATUSES, type MessageStatus } from './schema.ts'

import { readFormBody } from '#app/server/api.server.ts'

const IDS_MAX = 1000

/** What each move says when it is done. */
const MOVED: Record<MessageStatus, (count: number) => string> = {
  new: (n) => (n === 1 ? 'Message marked as new' : `${n} messages marked as new`),
  read: (n) => (n === 1 ? 'Message moved to the inbox' : `${n} messages moved to the inbox`),
  replied: (n) => (n === 1 ? 'Message marked as replied' : `${n} messages marked as replied`),
  archived: (n) => (n === 1 ? 'Message archived' : `${n} messages archived`),
  spam: (n) => (n === 1 ? 'Message moved to Spam' : `${n} messages moved to Spam`),
}

function readIds(form: FormData) {
  const ids = form.getAll('id').map(String).filter(Boolean)
  if (ids.length === 0) throw new ValidationError({ id: 'Choose at least one message' })
  if (ids.length > IDS_MAX) throw new ValidationError({ id: `Choose at most ${IDS_MAX} messages at once` })
  return [...new Set(ids)]
}

/**
 * The inbox's action. Intents: `open` (a new message becomes read), `status` (move the `id`s to `status`:
 * archive, back to the inbox, replied, spam or not), `delete` (the `id`s) and `erase` (every message from
 * `email`: the right to erasure). Answers with the toast to show.
 */
export async function inboxAction({
  request,
  context,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
}) {
  const runtime = context.get(runtimeContext)
  const { db } = runtime
  let intent = 'unknown'
  const failedToast = () =>
    intent === 'delete' || intent === 'erase' ? 'Failed to delete messages' : 'Failed to update messages'
  try {
    const form = await readFormBody(request)
    intent = String(form.get('intent') ?? '')
    const session = adminSessionOrNull(context)
    if (!session) {
      return sessionEnded(intent, failedToast())
    }
    const actor = actorFromSession(session, runtime.clock)
    const ok = (toast: string): AdminActionResult => ({ ok: true, intent, toast })
    switch (intent) {
      case 'open': {
        const [id] = readIds(form)
        await markContactMessageRead({ db, id })
        // Quiet: opening a message is not something to announce.
        return ok('')
      }
      case 'status': {
        const status = String(form.get('status') ?? '') as MessageStatus
        if (!MESSAGE_STATUSES.includes(status)) {
          throw new ValidationError({ status: `Status must be one of ${MESSAGE_STATUSES.join(', ')}` })
        }
        const count = await updateContactMessagesStatus({ db, ids: readIds(form), status, actor })
        if (count === 0) throw new HttpError(404, 'These messages no longer exist')
        return ok(MOVED[status](count))
      }
      case 'delete': {
        const count = await deleteContactMessages({ db, ids: readIds(form), actor })
        if (count === 0) throw new HttpError(404, 'These messages no longer exist')
        return ok(count === 1 ? 'Message deleted' : `${count} messages deleted`)
      }
      case 'erase': {
        const email = String(form.get('email') ?? '').trim()
        if (!email) throw new ValidationError({ email: 'Email is required' })
        const count = await deleteMessagesFrom({ db, email, actor })
        return ok(`${count} ${count === 1 ? 'message' : 'messages'} from ${email} deleted`)
      }
      default:
        throw new HttpError(400, 'Unknown action')
    }
  } catch (error) {
    if (!(error instanceof HttpError)) {
      runtime.logger.error({ err: error, intent }, 'inbox action failed')
      return data(
        {
          ok: false,
          intent,
          toast: failedToast(),
          error: 'Something went wrong on our side. Please try again.',
        } satisfies AdminActionResult,
        { status: 500 },
      )
    }
    const message = error.fields ? Object.values(error.fields).join(' ') : error.message
    return data({ ok: false, intent, toast: failedToast(), error: message } satisfies AdminActionResult, {
      status: error.status,
    })
  }
}

const CSV_COLUMNS = [
  'id',
  'status',
  'created_at',
  'first_name',
  'last_name',
  'email',
  'phone',
  'subject',
  'message',
] as const

/**
 * The messages as CSV (UTF-8 with a byte order mark, so spreadsheets read the fadas), streamed in pages: one
 * person's (`email`, a subject-access request) or those of a filter and search.
 */
export function messagesCsv({
  db,
  email,
  status,
  q,
}: {
  db: Parameters<typeof exportContactMessages>[0]['db']
  email?: string
  status?: MessageFilter
  q?: string
}) {
  return csvStream(CSV_COLUMNS, exportContactMessages({ db, email, status, q }))
}
