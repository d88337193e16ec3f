import { ArrowDown, ArrowUp, ArrowUpDown, Eye } from 'lucide-react'
import { useRef, useState } from 'react'
import { Link } from 'react-router'

import { MessageDetailsDialog } from './message-details-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'
import { formatMessageDate, messagePreview } from '#app/lib/message-format.ts'
import type { ContactMessage } from '#app/schemas/contact-message.ts'

export type MessageSort = 'created_at' | 'first_name' | 'email' | 'subject'
export type SortDirection = 'asc' | 'desc'

const COLUMNS: Array<{ sort: MessageSort; label: string; className?: string }> = [
  { sort: 'created_at', label: 'Date', className: 'hidden w-48 sm:table-cell xl:w-56' },
  { sort: 'first_name', label: 'Name' },
  { sort: 'email', label: 'Email', className: 'hidden md:table-cell' },
  { sort: 'subject', label: 'Subject', className: 'hidden sm:table-cell' },
]

/**
 * Contact messages as a table with sortable headers (links, so sorting survives reloads and works without
 * JavaScript); a row opens the 'Message Details' dialog.
 */
export function MessagesTable({
  messages,
  sort,
  dir,
  sortHref,
}: {
  messages: readonly ContactMessage[]
  sort: MessageSort
  dir: SortDirection
  /** The address that sorts by `column` (toggling when it is the current one). */
  sortHref: (column: MessageSort) => string
}) {
  const [selected, setSelected] = useState<ContactMessage | null>(null)
  const opener = useRef<HTMLElement | null>(null)

  function open(message: ContactMessage, from: HTMLElement | null) {
    opener.current = from
    setSelected(message)
  }

  return (
    <>
      {/* Phones show one column per message; sorting moves from the hidden headers to these links. */}
      <nav aria-label="Sort messages" className="mb-3 flex flex-wrap items-center gap-1.5 text-sm sm:hidden">
        <span className="mr-1 text-gray-600">Sort by</span>
        {COLUMNS.map((column) => {
          const active = column.sort === sort
          const Icon = active ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown
          return (
            <Link
              key={column.sort}
              to={sortHref(column.sort)}
              preventScrollReset
              aria-current={active ? 'true' : undefined}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border px-3 py-1',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
                active
                  ? 'border-primary/30 bg-primary/10 font-medium text-primary'
                  : 'border-gray-300 bg-white text-gray-700',
              )}
            >
              {column.label}
              <Icon aria-hidden="true" className="size-3.5" />
              {active ? (
                <span className="sr-only">{dir === 'asc' ? ', ascending' : ', descending'}</span>
              ) : null}
            </Link>
          )
        })}
      </nav>
      <div className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-xs">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">
            Contact messages, sorted by {COLUMNS.find((column) => column.sort === sort)?.label.toLowerCase()}{' '}
            {dir === 'asc' ? 'ascending' : 'descending'}
          </caption>
          <thead className="hidden border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase sm:table-header-group">
            <tr>
              {COLUMNS.map((column) => {
                const active = column.sort === sort
                const Icon = active ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown
                return (
                  <th
                    key={column.sort}
                    scope="col"
                    aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={cn('px-4 py-2', column.className)}
                  >
                    <Link
                      to={sortHref(column.sort)}
                      preventScrollReset
                      className={cn(
                        '-mx-2 inline-flex items-center gap-1.5 rounded px-2 py-1.5 uppercase hover:bg-gray-200/70 hover:text-gray-950',
                        'focus-visible:outline-2 focus-visible:outline-primary',
                        active && 'text-gray-950',
                      )}
                    >
                      {column.label}
                      <Icon aria-hidden="true" className={cn('size-3.5', !active && 'text-gray-400')} />
                    </Link>
                  </th>
                )
              })}
              <th scope="col" className="hidden px-4 py-2 lg:table-cell">
                Message
              </th>
              <th scope="col" className="w-16 px-2 py-2 text-right sm:w-24 sm:px-4">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {messages.map((message) => (
              <tr
                key={message.id}
                onClick={(event) =>
                  open(message, (event.currentTarget.querySelector('button') as HTMLElement | null) ?? null)
                }
                className="cursor-pointer align-top transition-colors hover:bg-gray-50"
              >
                <td className="hidden px-4 py-3 text-gray-600 sm:table-cell">
                  {formatMessageDate(message.created_at)}
                </td>
                <td className="px-4 py-3">
                  <span className="block truncate font-medium text-gray-950">
                    {message.first_name} {message.last_name}
                  </span>
                  <span className="block truncate text-xs text-gray-600 md:hidden">{message.email}</span>
                  <span className="mt-1 block text-xs text-gray-600 sm:hidden">
                    {formatMessageDate(message.created_at)}
                  </span>
                  <span
                    className={cn(
                      'mt-1 block truncate sm:hidden',
                      message.subject ? 'text-gray-900' : 'text-gray-500 italic',
                    )}
                  >
                    {message.subject || 'No subject'}
                  </span>
                  <span className="block truncate text-xs text-gray-600 sm:hidden">
                    {messagePreview(message.message)}
                  </span>
                </td>
                <td className="hidden truncate px-4 py-3 text-gray-700 md:table-cell">{message.email}</td>
                <td className="hidden px-4 py-3 sm:table-cell">
                  <span
                    className={cn(
                      'block truncate',
                      message.subject ? 'text-gray-900' : 'text-gray-500 italic',
                    )}
                  >
                    {message.subject || 'No subject'}
                  </span>
                  <span className="block truncate text-xs text-gray-600 lg:hidden">
                    {messagePreview(message.message)}
                  </span>
                </td>
                <td className="hidden truncate px-4 py-3 text-gray-600 lg:table-cell">
                  {messagePreview(message.message)}
                </td>
                <td className="w-16 px-2 py-2 text-right sm:w-24 sm:px-4">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`View message from ${message.first_name} ${message.last_name}`}
                    onClick={(event) => {
                      event.stopPropagation()
                      open(message, event.currentTarget)
                    }}
                  >
                    <Eye aria-hidden="true" />
                    <span className="hidden sm:inline">View</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MessageDetailsDialog
        message={selected}
        onClose={() => setSelected(null)}
        returnFocus={() => opener.current}
      />
    </>
  )
}
