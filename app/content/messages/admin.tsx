import { Download } from 'lucide-react'
import { useState } from 'react'
import { redirect, useFetcher, useLocation } from 'react-router'

import type { Route } from './+types/admin.ts'
import { requireArea } from '#app/auth/session.server.ts'
import { type MessageAction, MessageDetailsDialog } from './admin-message-details.tsx'
import { MessageFilterTabs } from './admin-filter-tabs.tsx'
import { type MessageSort, MessagesTable, type SortDirection } from './admin-messages-table.tsx'
import { MessagesSearch, useMessagesLoading } from './admin-search.tsx'
import { SelectionBar } from './admin-selection-bar.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { Pager } from '#app/components/admin/pager.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { runtimeContext } from '#app/context.ts'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { cn } from '#app/lib/cn.ts'
import { isMessageFilter, type MessageFilterName } from './status.ts'
import {
  countMessagesByStatus,
  getContactMessage,
  listContactMessages,
  MESSAGE_SORT_COLUMNS,
} from './model.server.ts'
import type { ContactMessage } from './schema.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { inboxAction } from './inbox.server.ts'
import { useOpenMessage } from './use-open-message.ts'

// The inbox may hold many thousands of messages: search, sort and paging happen in the database.
const PAGE_SIZE = 25

const PAGE_MAX = 1_000_000

export const meta = () => adminMeta('Messages')

export async function loader({ request, context }: Route.LoaderArgs) {
  requireArea(context, 'messages')
  const runtime = context.get(runtimeContext)
  const params = new URL(request.url).searchParams
  const statusParam = params.get('status')
  const status: MessageFilterName = isMessageFilter(statusParam) ? statusParam : 'inbox'
  const q = (params.get('q') ?? '').trim().slice(0, 200)
  const sortParam = params.get('sort') as MessageSort | null
  const sort: MessageSort = sortParam && MESSAGE_SORT_COLUMNS.includes(sortParam) ? sortParam : 'created_at'
  const dirParam = params.get('dir')
  const dir: SortDirection =
    dirParam === 'asc' || dirParam === 'desc' ? dirParam : sort === 'created_at' ? 'desc' : 'asc'
  // Past any real inbox: a page number this large (or one written as 1e20) is the last page.
  const pageParam = params.get('page')
  const page = /^\d+$/.test(pageParam ?? '')
    ? Math.min(Math.max(1, Number(pageParam)), PAGE_MAX)
    : /^\d/.test(pageParam ?? '')
      ? PAGE_MAX
      : 1
  // The link in an alert e-mail: that message opens, whichever page and filter it is on.
  const openId = params.get('message')
  const [{ items, total }, counts, opened, timeZone] = await Promise.all([
    listContactMessages({
      db: runtime.db,
      status,
      q,
      sort,
      dir,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    }),
    countMessagesByStatus({ db: runtime.db }),
    openId ? getContactMessage({ db: runtime.db, id: openId.slice(0, 100) }) : null,
    churchTimeZone({ db: runtime.db }),
  ])
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE))
  if (page > pageCount) {
    params.set('page', String(pageCount))
    throw redirect(`?${params}`)
  }
  return { items, total, counts, status, q, sort, dir, page, pageCount, opened, timeZone }
}

export function action(args: Route.ActionArgs) {
  requireArea(args.context, 'messages', { inAction: true })
  return inboxAction(args)
}

export default function MessagesScreen({ loaderData }: Route.ComponentProps) {
  const { items, total, counts, status, q, sort, dir, page, pageCount, opened, timeZone } = loaderData
  const location = useLocation()
  const searching = useMessagesLoading()
  const actions = useFetcher<AdminActionResult>({ key: 'inbox-actions' })
  useResultToast(actions.data, actions.state === 'idle')
  const href = (changes: Partial<MessagesView>) => messagesHref({ status, q, sort, dir, page, ...changes })
  const dialog = useOpenMessage({ items, opened, listHref: href({}) })

  // Selection belongs to one page of one filter and search.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [selectionFor, setSelectionFor] = useState(location.search)
  if (selectionFor !== location.search) {
    setSelectionFor(location.search)
    setSelected(new Set())
  }

  // docs/specification.md §4: the current column toggles; a new column starts ascending.
  const sortHref = (column: MessageSort) =>
    href({ sort: column, dir: column === sort ? (dir === 'asc' ? 'desc' : 'asc') : 'asc', page: 1 })

  function act(ids: string[], fields: Record<string, string>) {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    for (const id of ids) form.append('id', id)
    void actions.submit(form, { method: 'post' })
  }

  function onMessageAction(message: ContactMessage, action: MessageAction) {
    switch (action.intent) {
      case 'replied':
        // The mail client opens from the link itself; the dialog stays for the person to come back to.
        act([message.id], { intent: 'status', status: 'replied' })
        return
      case 'status':
        act([message.id], { intent: 'status', status: action.status })
        break
      case 'delete':
        act([message.id], { intent: 'delete' })
        break
      case 'erase':
        act([], { intent: 'erase', email: action.email })
        break
    }
    dialog.close()
  }

  const exportHref = `/admin/messages/export?${new URLSearchParams({ status, ...(q ? { q } : {}) })}`

  return (
    <>
      <PageHeader title="Messages" description="Messages sent through the contact form on the website.">
        <a href={exportHref} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <Download aria-hidden="true" />
          Export messages (CSV)
        </a>
      </PageHeader>
      <MessageFilterTabs
        current={status}
        counts={counts}
        href={(filter) => href({ status: filter, page: 1 })}
      />
      <MessagesSearch status={status} q={q} sort={sort} dir={dir} total={total} />
      {selected.size > 0 ? (
        <SelectionBar
          count={selected.size}
          status={status}
          onBulk={(fields) => {
            act([...selected], fields)
            setSelected(new Set())
          }}
          onClear={() => setSelected(new Set())}
        />
      ) : null}
      {items.length === 0 ? (
        <div className="rounded-lg border border-gray-200 bg-white px-6 py-16 text-center text-sm text-gray-600 shadow-xs">
          No messages found
        </div>
      ) : (
        <div className={cn('transition-opacity', searching && 'opacity-60')}>
          <MessagesTable
            messages={items}
            timeZone={timeZone}
            sort={sort}
            dir={dir}
            sortHref={sortHref}
            showStatus={status === 'inbox'}
            selected={selected}
            onSelect={(ids, checked) =>
              setSelected((current) => {
                const next = new Set(current)
                for (const id of ids) {
                  if (checked) next.add(id)
                  else next.delete(id)
                }
                return next
              })
            }
            onOpen={dialog.open}
          />
        </div>
      )}
      <Pager
        page={page}
        pageCount={pageCount}
        href={(to) => href({ page: to })}
        label="Pages of messages"
        previous={{ text: 'Previous', label: 'Previous page' }}
        next={{ text: 'Next', label: 'Next page' }}
      />
      <MessageDetailsDialog
        message={dialog.openMessage}
        timeZone={timeZone}
        onClose={dialog.close}
        onAction={onMessageAction}
        returnFocus={dialog.returnFocus}
      />
    </>
  )
}

interface MessagesView {
  status: MessageFilterName
  q: string
  sort: MessageSort
  dir: SortDirection
  page: number
}

/** The list's address for a filter, search, sort and page, leaving out what is the default. */
function messagesHref(view: MessagesView) {
  const params = new URLSearchParams()
  if (view.status && view.status !== 'inbox') params.set('status', view.status)
  if (view.q) params.set('q', view.q)
  if (view.sort !== 'created_at' || view.dir !== 'desc') {
    params.set('sort', view.sort)
    params.set('dir', view.dir)
  }
  if (view.page && view.page !== 1) params.set('page', String(view.page))
  const query = params.toString()
  return query ? `?${query}` : '/admin/messages'
}

// A role that may not use this page sees why, inside the admin.
export { AdminErrorBoundary as ErrorBoundary } from '#app/components/admin/admin-error-boundary.tsx'
