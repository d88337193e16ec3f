import { ArrowDown, ArrowUp, ArrowUpDown, Eye } from 'lucide-react'
import { Link } from 'react-router'

import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'
import { formatMessageDate, messagePreview } from '#app/lib/message-format.ts'
import type { ContactMessage } from './schema.ts'

export type MessageSort = 'created_at' | 'first_name' | 'email' | 'subject'
export type SortDirection = 'asc' | 'desc'

const COLUMNS: Array<{ sort: MessageSort; label: string; className?: string }> = [
  { sort: 'created_at', label: 'Date', className: 'hidden w-48 sm:table-cell xl:w-56' },
  { sort: 'first_name', label: 'Name' },
  { sort: 'email', label: 'Email', className: 'hidden md:table-cell' },
  { sort: 'subject', label: 'Subject', className: 'hidden sm:table-cell' },
]

const checkboxClasses =
  'size-4 cursor-pointer rounded border-gray-400 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary'

interface MessagesTableProps {
  messages: readonly ContactMessage[]
  sort: MessageSort
  dir: SortDirection
  /** The address that sorts by `column` (toggling when it is the current one). */
  sortHref: (column: MessageSort) => string
  /** Show each message's state beside its name (the inbox mixes new, read and replied). */
  showStatus: boolean
  selected: ReadonlySet<string>
  /** Selects or unselects messages (all of the page's at once from the header's box). */
  onSelect: (ids: string[], checked: boolean) => void
  onOpen: (message: ContactMessage, from: HTMLElement | null) => void
  /** The church's time zone, whose clock the dates are read on. */
  timeZone: string
}

/**
 * Contact messages as a table with sortable headers (links, so sorting survives reloads and works without
 * JavaScript) and a box to select each; a row opens the message (`onOpen`). New messages are in bold; outside
 * a filter of one state, each shows its state.
 */
export function MessagesTable({
  messages,
  sort,
  dir,
  sortHref,
  showStatus,
  selected,
  onSelect,
  onOpen,
  timeZone,
}: MessagesTableProps) {
  return (
    <>
      <PhoneSortLinks sort={sort} dir={dir} sortHref={sortHref} />
      <div className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-xs">
        {/* Phones: no header row to size the columns by, so the name column takes what the box and button leave. */}
        <table className="w-full table-auto text-left text-sm sm:table-fixed">
          <caption className="sr-only">
            Contact messages, sorted by {COLUMNS.find((column) => column.sort === sort)?.label.toLowerCase()}{' '}
            {dir === 'asc' ? 'ascending' : 'descending'}
          </caption>
          <TableHeader
            messages={messages}
            sort={sort}
            dir={dir}
            sortHref={sortHref}
            selected={selected}
            onSelect={onSelect}
          />
          <tbody className="divide-y divide-gray-100">
            {messages.map((message) => (
              <MessageRow
                key={message.id}
                message={message}
                timeZone={timeZone}
                showStatus={showStatus}
                selected={selected.has(message.id)}
                onSelect={onSelect}
                onOpen={onOpen}
              />
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

type SortProps = Pick<MessagesTableProps, 'sort' | 'dir' | 'sortHref'>

/** Phones show one column per message; sorting moves from the hidden headers to these links. */
function PhoneSortLinks({ sort, dir, sortHref }: SortProps) {
  return (
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
  )
}

function TableHeader({
  messages,
  sort,
  dir,
  sortHref,
  selected,
  onSelect,
}: SortProps & Pick<MessagesTableProps, 'messages' | 'selected' | 'onSelect'>) {
  const allSelected = messages.length > 0 && messages.every((message) => selected.has(message.id))
  const someSelected = !allSelected && messages.some((message) => selected.has(message.id))
  return (
    <thead className="hidden border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase sm:table-header-group">
      <tr>
        <th scope="col" className="w-10 py-2 pr-0 pl-4">
          <input
            type="checkbox"
            aria-label="Select every message on this page"
            className={checkboxClasses}
            checked={allSelected}
            ref={(box) => {
              if (box) box.indeterminate = someSelected
            }}
            onChange={(event) =>
              onSelect(
                messages.map((message) => message.id),
                event.currentTarget.checked,
              )
            }
          />
        </th>
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
  )
}

function MessageRow({
  message,
  timeZone,
  showStatus,
  selected,
  onSelect,
  onOpen,
}: Pick<MessagesTableProps, 'timeZone' | 'showStatus' | 'onSelect' | 'onOpen'> & {
  message: ContactMessage
  selected: boolean
}) {
  const isNew = message.status === 'new'
  const name = `${message.first_name} ${message.last_name}`
  return (
    <tr
      onClick={(event) =>
        onOpen(message, (event.currentTarget.querySelector('button') as HTMLElement | null) ?? null)
      }
      className={cn(
        'cursor-pointer align-top transition-colors hover:bg-gray-50',
        isNew && 'bg-primary/[0.04]',
        selected && 'bg-primary/[0.07] hover:bg-primary/[0.07]',
      )}
    >
      {/* The box selects; the rest of the row opens the message. */}
      <td className="w-10 py-3 pr-0 pl-4" onClick={(event) => event.stopPropagation()}>
        <input
          type="checkbox"
          aria-label={`Select message from ${name}`}
          className={cn(checkboxClasses, 'mt-0.5')}
          checked={selected}
          onChange={(event) => onSelect([message.id], event.currentTarget.checked)}
        />
      </td>
      <td
        className={cn(
          'hidden px-4 py-3 sm:table-cell',
          isNew ? 'font-semibold text-gray-950' : 'text-gray-600',
        )}
      >
        {formatMessageDate(message.created_at, timeZone)}
      </td>
      <td className="w-full max-w-0 px-3 py-3 sm:w-auto sm:max-w-none sm:px-4">
        <span className="flex min-w-0 items-center gap-2">
          <span className={cn('truncate text-gray-950', isNew ? 'font-bold' : 'font-medium')}>{name}</span>
          {showStatus && message.status !== 'read' ? <StatusBadge status={message.status} /> : null}
        </span>
        <span className="block truncate text-xs text-gray-600 md:hidden">{message.email}</span>
        <span className="mt-1 block text-xs text-gray-600 sm:hidden">
          {formatMessageDate(message.created_at, timeZone)}
        </span>
        <span
          className={cn(
            'mt-1 block truncate sm:hidden',
            message.subject ? 'text-gray-900' : 'text-gray-600 italic',
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
            message.subject ? 'text-gray-900' : 'text-gray-600 italic',
            isNew && 'font-semibold',
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
          aria-label={`View message from ${name}${isNew ? ' (new)' : ''}`}
          onClick={(event) => {
            event.stopPropagation()
            onOpen(message, event.currentTarget)
          }}
        >
          <Eye aria-hidden="true" />
          <span className="hidden sm:inline">View</span>
        </Button>
      </td>
    </tr>
  )
}
