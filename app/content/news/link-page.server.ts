import { data, type RouterContextProvider } from 'react-router'

import { runtimeContext } from '#app/context.ts'
import type { HttpError } from '#app/lib/errors.ts'
import { readFormBody } from '#app/server/api.server.ts'
import type { LinkPageState } from './link-page-state.ts'
import type { Subscriber } from './schema.ts'
import { confirmSubscription, subscriberOfLink, unsubscribe } from './subscribers.server.ts'

// The confirm and unsubscribe links' pages: opening one only reads (mail scanners open every link), its button
// posts to the same address and does it.

type SubscriberLink = 'confirm' | 'unsubscribe'

interface PageArgs {
  request: Request
  context: Readonly<RouterContextProvider>
}

/** What opening the link shows, by the subscription's state: a confirmed one is done, an ended one a bad link. */
const STATE_ON_OPENING: Record<SubscriberLink, (status: Subscriber['status']) => 'ask' | 'done' | 'invalid'> =
  {
    confirm: (status) =>
      status === 'unsubscribed' || status === 'suspended' ? 'invalid' : status === 'active' ? 'done' : 'ask',
    unsubscribe: (status) => (status === 'unsubscribed' ? 'done' : 'ask'),
  }

const invalid = () => data({ state: 'invalid' } as LinkPageState, { status: 404 })

/** A link's page on opening: its question, the outcome already reached, or a bad link (404). */
export async function loadLinkPage(link: SubscriberLink, { request, context }: PageArgs) {
  const { db } = context.get(runtimeContext)
  const token = new URL(request.url).searchParams.get('token')
  const subscriber = await subscriberOfLink({ db, link, token })
  const state = subscriber ? STATE_ON_OPENING[link](subscriber.status) : 'invalid'
  if (!subscriber || state === 'invalid') return invalid()
  if (state === 'done') return { state: 'done', email: subscriber.email } as LinkPageState
  return { state: 'ask', email: subscriber.email, token: token! } as LinkPageState
}

/**
 * A link's button: confirms or unsubscribes. A mail program's one-click unsubscribe (RFC 8058) posts
 * `List-Unsubscribe=One-Click` here too, with the token in the address only.
 */
export async function postLinkPage(link: SubscriberLink, { request, context }: PageArgs) {
  const runtime = context.get(runtimeContext)
  let form: FormData
  try {
    form = await readFormBody(request)
  } catch (error) {
    throw data((error as HttpError).message, { status: (error as HttpError).status })
  }
  const url = new URL(request.url)
  const change = {
    runtime,
    token: form.get('token') ?? url.searchParams.get('token'),
    page: url.pathname,
  }
  const outcome =
    link === 'confirm'
      ? await confirmSubscription(change)
      : await unsubscribe({ ...change, oneClick: form.get('List-Unsubscribe') === 'One-Click' })
  if (outcome.result === 'invalid') return invalid()
  // Said outright: the loader's status would stand otherwise.
  return data({ state: 'done', email: outcome.subscriber.email } as LinkPageState, { status: 200 })
}
