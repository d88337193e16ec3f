import { ChevronLeft, ChevronRight, Search } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Form, Link, redirect, useNavigation, useSubmit } from 'react-router'

import type { Route } from './+types/messages.ts'
import { type MessageSort, MessagesTable, type SortDirection } from '#app/components/admin/messages-table.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { runtimeContext } from '#app/context.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { cn } from '#app/lib/cn.ts'
import { listContactMessages, MESSAGE_SORT_COLUMNS } from '#app/models/contact-messages.server.ts'

// The inbox may hold many thousands of messages: search, sort and paging happen in the database.
const PAGE_SIZE = 25
const SEARCH_DELAY_MS = 300

const PAGE_MAX = 1_000_000

export const meta = () => adminMeta('Messages')

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const params = new URL(request.url).searchParams
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
  const { items, total } = await listContactMessages({
    db: runtime.db,
    q,
    sort,
    dir,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  })
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE))
  if (page > pageCount) {
    params.set('page', String(pageCount))
    throw redirect(`?${params}`)
  }
  return { items, total, q, sort, dir, page, pageCount }
}

export default function MessagesScreen({ loaderData }: Route.ComponentProps) {
  const { items, total, q, sort, dir, page, pageCount } = loaderData
  const submit = useSubmit()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/admin/messages'
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const input = useRef<HTMLInputElement>(null)

  // Back/forward changes the search in the address; show it unless the person is typing.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q
  }, [q])
  useEffect(() => () => clearTimeout(timer.current), [])

  function href(changes: Record<string, string | number | null>) {
    const params = new URLSearchParams()
    const next = { q, sort, dir, page, ...changes }
    if (next.q) params.set('q', String(next.q))
    if (next.sort !== 'created_at' || next.dir !== 'desc') {
      params.set('sort', String(next.sort))
      params.set('dir', String(next.dir))
    }
    if (next.page && next.page !== 1) params.set('page', String(next.page))
    const query = params.toString()
    return query ? `?${query}` : '/admin/messages'
  }

  // Spec §4: the current column toggles; a new column starts ascending.
  const sortHref = (column: MessageSort) =>
    href({ sort: column, dir: column === sort ? (dir === 'asc' ? 'desc' : 'asc') : 'asc', page: 1 })

  return (
    <>
      <PageHeader title="Messages" description="Messages sent through the contact form on the website." />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Form
          method="get"
          role="search"
          className="flex w-full max-w-md gap-2"
          onSubmit={() => clearTimeout(timer.current)}
        >
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
      {items.length === 0 ? (
        <div className="rounded-lg border border-gray-200 bg-white px-6 py-16 text-center text-sm text-gray-600 shadow-xs">
          No messages found
        </div>
      ) : (
        <div className={cn('transition-opacity', searching && 'opacity-60')}>
          <MessagesTable messages={items} sort={sort} dir={dir} sortHref={sortHref} />
        </div>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages of messages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <PageLink to={href({ page: page - 1 })} disabled={page <= 1} label="Previous">
            <ChevronLeft aria-hidden="true" />
            Previous
          </PageLink>
          <span className="text-gray-600">
            Page {page} of {pageCount}
          </span>
          <PageLink to={href({ page: page + 1 })} disabled={page >= pageCount} label="Next">
            Next
            <ChevronRight aria-hidden="true" />
          </PageLink>
        </nav>
      ) : null}
    </>
  )
}

function PageLink({
  to,
  disabled,
  label,
  children,
}: {
  to: string
  disabled: boolean
  label: string
  children: React.ReactNode
}) {
  const classes = buttonClasses({ variant: 'outline', size: 'sm', className: 'h-9' })
  if (disabled) {
    return (
      <span aria-disabled="true" className={cn(classes, 'pointer-events-none opacity-50')}>
        {children}
      </span>
    )
  }
  return (
    <Link to={to} className={classes} aria-label={`${label} page`}>
      {children}
    </Link>
  )
}
