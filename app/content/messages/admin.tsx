import {
  Archive,
  ChevronLeft,
  ChevronRight,
  Download,
  Inbox,
  Search,
  ShieldCheck,
  Trash2,
  X,
} from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Form, redirect, useFetcher, useLocation, useNavigate, useNavigation, useSubmit } from 'react-router'

import type { Route } from './+types/admin.ts'
import { requireArea } from '#app/auth/session.server.ts'
import { ConfirmActionDialog } from '#app/components/admin/confirm-action-dialog.tsx'
import { type MessageAction, MessageDetailsDialog } from './admin-message-details.tsx'
import { MessageFilterTabs } from './admin-filter-tabs.tsx'
import { type MessageSort, MessagesTable, type SortDirection } from './admin-messages-table.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { PageLink } from '#app/components/admin/page-link.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
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
import type { ContactMessage, MessageStatus } from './schema.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { inboxAction } from './inbox.server.ts'

// The inbox may hold many thousands of messages: search, sort and paging happen in the database.
const PAGE_SIZE = 25
const SEARCH_DELAY_MS = 300

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
  const submit = useSubmit()
  const navigate = useNavigate()
  const location = useLocation()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/admin/messages'
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const input = useRef<HTMLInputElement>(null)
  const actions = useFetcher<AdminActionResult>({ key: 'inbox-actions' })
  const reading = useFetcher<AdminActionResult>({ key: 'inbox-read' })
  useResultToast(actions.data, actions.state === 'idle')

  // The message open in the dialog, by id: its state follows the list as it reloads after each action.
  const [openId, setOpenId] = useState<string | null>(opened?.id ?? null)
  const lastOpen = useRef<ContactMessage | null>(opened)
  const opener = useRef<HTMLElement | null>(null)
  const openMessage =
    openId === null
      ? null
      : (items.find((message) => message.id === openId) ??
        (opened?.id === openId ? opened : null) ??
        (lastOpen.current?.id === openId ? lastOpen.current : null))
  useEffect(() => {
    if (openMessage) lastOpen.current = openMessage
  })

  // Selection belongs to one page of one filter and search.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [selectionFor, setSelectionFor] = useState(location.search)
  if (selectionFor !== location.search) {
    setSelectionFor(location.search)
    setSelected(new Set())
  }

  // Back/forward changes the search in the address; show it unless the person is typing.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q
  }, [q])
  useEffect(() => () => clearTimeout(timer.current), [])

  // Opening a new message marks it read (the admin bar's count goes down with the next load).
  const openedNew = openMessage?.status === 'new' ? openMessage.id : null
  useEffect(() => {
    if (openedNew) void reading.submit({ intent: 'open', id: openedNew }, { method: 'post' })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per message opened
  }, [openedNew])

  function href(changes: Record<string, string | number | null>) {
    const params = new URLSearchParams()
    const next = { status, q, sort, dir, page, ...changes }
    if (next.status && next.status !== 'inbox') params.set('status', String(next.status))
    if (next.q) params.set('q', String(next.q))
    if (next.sort !== 'created_at' || next.dir !== 'desc') {
      params.set('sort', String(next.sort))
      params.set('dir', String(next.dir))
    }
    if (next.page && next.page !== 1) params.set('page', String(next.page))
    const query = params.toString()
    return query ? `?${query}` : '/admin/messages'
  }

  // docs/specification.md §4: the current column toggles; a new column starts ascending.
  const sortHref = (column: MessageSort) =>
    href({ sort: column, dir: column === sort ? (dir === 'asc' ? 'desc' : 'asc') : 'asc', page: 1 })

  function closeMessage() {
    setOpenId(null)
    // Opened from an e-mail's link: the address forgets it, so a reload does not open it again.
    if (new URLSearchParams(location.search).has('message')) {
      void navigate(href({}), { replace: true, preventScrollReset: true })
    }
  }

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
    closeMessage()
  }

  function bulk(fields: Record<string, string>) {
    act([...selected], fields)
    setSelected(new Set())
  }

  const move: { label: string; status: MessageStatus; icon: typeof Archive } =
    status === 'archived'
      ? { label: 'Move to inbox', status: 'read', icon: Inbox }
      : status === 'spam'
        ? { label: 'Not spam', status: 'read', icon: ShieldCheck }
        : { label: 'Archive', status: 'archived', icon: Archive }
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
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Form
          method="get"
          role="search"
          className="flex w-full max-w-md gap-2"
          onSubmit={() => clearTimeout(timer.current)}
        >
          {status !== 'inbox' ? <input type="hidden" name="status" value={status} /> : null}
          {sort !== 'created_at' || dir !== 'desc' ? (
            <>
              <input type="hidden" name="sort" value={sort} />
              <input type="hidden" name="dir" value={dir} />
            </>
          ) : null}
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
            />
            <label htmlFor="messages-search" className="sr-only">
              Search messages
            </label>
            <Input
              ref={input}
              id="messages-search"
              type="search"
              name="q"
              defaultValue={q}
              placeholder="Search name, email, subject or message"
              className="pl-9"
              onChange={(event) => {
                const form = event.currentTarget.form
                clearTimeout(timer.current)
                timer.current = setTimeout(() => {
                  if (form) void submit(form, { replace: true, preventScrollReset: true })
                }, SEARCH_DELAY_MS)
              }}
            />
          </div>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </Form>
        <p aria-live="polite" className={cn('text-sm text-gray-600', searching && 'opacity-60')}>
          {total} message(s) found
        </p>
      </div>
      {selected.size > 0 ? (
        <div
          role="region"
          aria-label="Selected messages"
          className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2 text-sm"
        >
          <span className="mr-auto font-medium text-gray-950">{selected.size} selected</span>
          <Button size="sm" variant="outline" onClick={() => bulk({ intent: 'status', status: move.status })}>
            <move.icon aria-hidden="true" />
            {move.label}
          </Button>
          <ConfirmActionDialog
            title={`Delete ${selected.size} ${selected.size === 1 ? 'message' : 'messages'}?`}
            description="The selected messages will be deleted for good. This cannot be undone."
            confirm="Delete"
            onConfirm={() => bulk({ intent: 'delete' })}
          >
            <Button size="sm" variant="outline" className="text-red-700 hover:text-red-800">
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </ConfirmActionDialog>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            <X aria-hidden="true" />
            Clear selection
          </Button>
        </div>
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
            onOpen={(message, from) => {
              opener.current = from
              setOpenId(message.id)
            }}
          />
        </div>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages of messages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <PageLink to={href({ page: page - 1 })} disabled={page <= 1} label="Previous page">
            <ChevronLeft aria-hidden="true" />
            Previous
          </PageLink>
          <span className="text-gray-600">
            Page {page} of {pageCount}
          </span>
          <PageLink to={href({ page: page + 1 })} disabled={page >= pageCount} label="Next page">
            Next
            <ChevronRight aria-hidden="true" />
          </PageLink>
        </nav>
      ) : null}
      <MessageDetailsDialog
        message={openMessage}
        timeZone={timeZone}
        onClose={closeMessage}
        onAction={onMessageAction}
        returnFocus={() => opener.current}
      />
    </>
  )
}

// A role that may not use this page sees why, inside the admin.
export { AdminErrorBoundary as ErrorBoundary } from '#app/components/admin/admin-error-boundary.tsx'
