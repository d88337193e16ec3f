import { Search } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Form, useNavigation, useSubmit } from 'react-router'

import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { cn } from '#app/lib/cn.ts'
import type { MessageSort, SortDirection } from './admin-messages-table.tsx'
import type { MessageFilterName } from './status.ts'

const SEARCH_DELAY_MS = 300

/** Whether the messages list is loading again (after a search, a sort or a page); it dims while it does. */
export function useMessagesLoading() {
  const navigation = useNavigation()
  return navigation.state === 'loading' && navigation.location.pathname === '/admin/messages'
}

/**
 * The search over messages, sent a moment after the person stops typing (and on Enter or its button, without
 * JavaScript too), keeping the filter and the sort; beside it, how many messages were found.
 */
export function MessagesSearch({
  status,
  q,
  sort,
  dir,
  total,
}: {
  status: MessageFilterName
  q: string
  sort: MessageSort
  dir: SortDirection
  total: number
}) {
  const submit = useSubmit()
  const searching = useMessagesLoading()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const input = useRef<HTMLInputElement>(null)

  // Back/forward changes the search in the address; show it unless the person is typing.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q
  }, [q])
  useEffect(() => () => clearTimeout(timer.current), [])

  return (
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
  )
}
