import { data, type RouterContextProvider } from 'react-router'

import {
  fieldErrorsMessage,
  SESSION_ENDED_MESSAGE,
  type AdminActionResult,
} from '#app/lib/admin-action-result.ts'
import { readFormBody } from './api.server.ts'
import { HttpError, NotFoundError, TooManyRequestsError } from '#app/lib/errors.ts'
import { actorFromSession, adminSessionOrNull } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import type { CrudToasts } from '#app/content/declare.ts'
import type { Db } from '#app/db/database.server.ts'
import type { Actor } from '#app/models/activity.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'

interface ActionArgs {
  request: Request
  context: Readonly<RouterContextProvider>
}

/** A list table's writes; each logs itself in the activity log as the `actor`'s. */
export interface CrudModel<T = unknown> {
  create: (args: { db: Db; data: unknown; actor: Actor }) => Promise<T>
  update: (args: { db: Db; id: string; data: unknown; actor: Actor }) => Promise<T | null>
  delete: (args: { db: Db; id: string; actor: Actor }) => Promise<boolean>
  reorder?: (args: { db: Db; ids: unknown; actor: Actor }) => Promise<unknown>
}

const GONE = 'This item no longer exists; it may have been deleted in another window.'

/**
 * The form's fields as the models' raw input: every text field, without the bookkeeping ones. The language tabs'
 * fields (`translations.ml.name`) become the write's `translations` (`{ ml: { name } }`), merged like the API's;
 * an emptied one removes its translation.
 */
function formValues(form: FormData) {
  const values: Record<string, unknown> = {}
  // Maps, not objects: a language or field named `__proto__` must stay a name (refused by the merge), never a path.
  const translations = new Map<string, Map<string, string>>()
  for (const [key, value] of form) {
    if (key === 'intent' || key === 'id' || typeof value !== 'string') continue
    const [prefix, language, field, ...rest] = key.split('.')
    if (prefix === 'translations' && language && field && rest.length === 0) {
      const words = translations.get(language) ?? new Map<string, string>()
      translations.set(language, words.set(field, value))
    } else values[key] = value
  }
  if (translations.size > 0) {
    values.translations = Object.fromEntries(
      [...translations].map(([language, words]) => [language, Object.fromEntries(words)]),
    )
  }
  return values
}

/**
 * A failed admin action's answer: the toast, and the error's words and fields (a 500 with a plain apology, logged,
 * for anything but an HttpError; a refusal for too many tries says when to try again).
 */
export function actionFailed(
  runtime: AppRuntime,
  intent: string,
  toast: string,
  error: unknown,
  logMessage = 'admin action failed',
) {
  if (!(error instanceof HttpError)) {
    runtime.logger.error({ err: error, intent }, logMessage)
    const result: AdminActionResult = {
      ok: false,
      intent,
      toast,
      error: 'Something went wrong on our side. Please try again.',
    }
    return data(result, { status: 500 })
  }
  const result: AdminActionResult = {
    ok: false,
    intent,
    toast,
    error: error.fields ? fieldErrorsMessage(error.fields) : error.message,
    fields: error.fields,
  }
  const headers =
    error instanceof TooManyRequestsError ? { 'Retry-After': String(error.retryAfterSeconds) } : undefined
  return data(result, { status: error.status, headers })
}

/**
 * A save made after the session ran out (signed out in another tab, or simply expired) is refused like any other
 * failed save — toast, red box, the form as typed — rather than by a redirect that would throw the work away.
 */
export function sessionEnded(intent: string, toast: string) {
  const result: AdminActionResult = { ok: false, intent, toast, error: SESSION_ENDED_MESSAGE }
  return data(result, { status: 401 })
}

/**
 * The action of a list/edit screen: `intent` create, update, delete or reorder, answered with a toast. `view`
 * names the public page that shows a saved item, offered with the toast.
 */
export async function crudAction<T>(
  { request, context }: ActionArgs,
  model: CrudModel<T>,
  toasts: CrudToasts,
  view?: (item: T) => string,
) {
  const runtime = context.get(runtimeContext)
  const session = adminSessionOrNull(context)
  const { db } = runtime
  let form: FormData
  try {
    form = await readFormBody(request)
  } catch (error) {
    return actionFailed(runtime, 'unknown', toasts.saveFailed, error)
  }
  const intent = String(form.get('intent') ?? '')
  // The toast of a failure of this intent (the session's end included).
  const failedToast =
    intent === 'delete'
      ? toasts.deleteFailed
      : intent === 'reorder'
        ? (toasts.reorderFailed ?? 'Failed to update order')
        : toasts.saveFailed
  if (!session) return sessionEnded(intent, failedToast)
  const actor = actorFromSession(session, runtime.clock)
  const id = String(form.get('id') ?? '')
  const ok = (toast: string, item?: T): AdminActionResult =>
    item !== undefined && view ? { ok: true, intent, toast, view: view(item) } : { ok: true, intent, toast }
  switch (intent) {
    case 'create':
      try {
        return ok(toasts.created, await model.create({ db, data: formValues(form), actor }))
      } catch (error) {
        return actionFailed(runtime, intent, failedToast, error)
      }
    case 'update':
      try {
        const item = await model.update({ db, id, data: formValues(form), actor })
        if (!item) throw new NotFoundError(GONE)
        return ok(toasts.updated, item)
      } catch (error) {
        return actionFailed(runtime, intent, failedToast, error)
      }
    case 'delete':
      try {
        if (!(await model.delete({ db, id, actor }))) throw new NotFoundError(GONE)
        return ok(toasts.deleted)
      } catch (error) {
        return actionFailed(runtime, intent, failedToast, error)
      }
    case 'reorder':
      try {
        if (!model.reorder || !toasts.reordered) throw new HttpError(400, 'These items have no order')
        let ids: unknown
        try {
          ids = JSON.parse(String(form.get('ids') ?? ''))
        } catch {
          throw new HttpError(400, 'The new order could not be read')
        }
        await model.reorder({ db, ids, actor })
        return ok(toasts.reordered)
      } catch (error) {
        return actionFailed(runtime, intent, failedToast, error)
      }
    default:
      return data(
        { ok: false, intent, toast: 'Unknown action', error: 'Unknown action' } as AdminActionResult,
        {
          status: 400,
        },
      )
  }
}

/** The action of a single-record form (church info, about us). */
export async function singleRecordAction(
  { request, context }: ActionArgs,
  save: (args: { db: Db; data: unknown; actor: Actor }) => Promise<unknown>,
  toasts: { saved: string; failed: string },
  /** The public page showing the record, offered with the toast. */
  view?: string,
) {
  const runtime = context.get(runtimeContext)
  const session = adminSessionOrNull(context)
  if (!session) return sessionEnded('save', toasts.failed)
  try {
    const form = await readFormBody(request)
    await save({ db: runtime.db, data: formValues(form), actor: actorFromSession(session, runtime.clock) })
    return { ok: true, intent: 'save', toast: toasts.saved, view } satisfies AdminActionResult
  } catch (error) {
    return actionFailed(runtime, 'save', toasts.failed, error)
  }
}
