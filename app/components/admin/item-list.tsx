import { ArrowDown, ArrowUp, ImageIcon, Pencil, Trash2, Users } from 'lucide-react'
import { Link } from 'react-router'

import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'

import type { ItemSummary } from '#app/lib/admin-fields.ts'

export type MoveDirection = 'up' | 'down'

/** The current items with Edit and Delete (and, when ordered, Move up/down) buttons. */
export function ItemList<T extends { id: string }>({
  heading,
  noun,
  items,
  emptyText,
  describe,
  editingId,
  ordered,
  busyIds,
  onEdit,
  onDelete,
  onMove,
}: {
  heading: string
  noun: string
  items: readonly T[]
  emptyText: string
  describe: (item: T) => ItemSummary
  editingId: string | null
  ordered: boolean
  busyIds: ReadonlySet<string>
  onEdit: (item: T) => void
  onDelete: (item: T) => void
  onMove: (index: number, direction: MoveDirection) => void
}) {
  const headingId = 'item-list-heading'
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white shadow-xs">
      <div className="flex items-center justify-between gap-3 border-b border-gray-200 px-5 py-4 sm:px-6">
        <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold text-gray-950 focus:outline-none">
          {heading}
        </h2>
        <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-700">
          {items.length} {items.length === 1 ? 'item' : 'items'}
        </span>
      </div>
      {items.length === 0 ? (
        <p className="px-6 py-12 text-center text-sm text-gray-600">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {items.map((item, index) => {
            const summary = describe(item)
            const busy = busyIds.has(item.id)
            return (
              <ItemRow
                key={item.id}
                summary={summary}
                position={ordered ? index + 1 : null}
                editing={item.id === editingId}
                busy={busy}
              >
                <ItemActions
                  id={item.id}
                  title={summary.title}
                  link={summary.link}
                  noun={noun}
                  move={ordered ? { first: index === 0, last: index === items.length - 1 } : null}
                  busy={busy}
                  headingId={headingId}
                  onEdit={() => onEdit(item)}
                  onDelete={() => onDelete(item)}
                  onMove={(direction) => onMove(index, direction)}
                />
              </ItemRow>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** One item: its position when ordered, picture, title, badges, facts and excerpt, with its buttons beside. */
function ItemRow({
  summary,
  position,
  editing,
  busy,
  children,
}: {
  summary: ItemSummary
  position: number | null
  editing: boolean
  busy: boolean
  children: React.ReactNode
}) {
  return (
    <li
      aria-current={editing ? 'true' : undefined}
      className={cn(
        'flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:px-6',
        editing && 'bg-primary/5 ring-2 ring-primary/30 ring-inset',
        busy && 'opacity-60',
      )}
    >
      <div className="flex min-w-0 flex-1 gap-4">
        {position !== null ? (
          <span
            className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-gray-100 text-xs font-semibold text-gray-700"
            title="Position"
          >
            <span className="sr-only">Position </span>
            {position}
          </span>
        ) : null}
        {summary.image ? (
          <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-100">
            {summary.image.url ? (
              <img src={summary.image.url} alt="" loading="lazy" className="size-full object-cover" />
            ) : (
              <ImageIcon aria-hidden="true" className="size-6 text-gray-400" />
            )}
          </div>
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-medium break-words text-gray-950">{summary.title}</h3>
            {summary.badge ? (
              <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
                {summary.badge}
              </span>
            ) : null}
            {editing ? (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                Editing
              </span>
            ) : null}
          </div>
          {summary.meta?.some(Boolean) ? (
            <p className="mt-0.5 text-sm text-gray-600">{summary.meta.filter(Boolean).join(' · ')}</p>
          ) : null}
          {summary.excerpt ? (
            <p className="mt-1 line-clamp-2 text-sm text-gray-600">{summary.excerpt}</p>
          ) : null}
        </div>
      </div>
      {children}
    </li>
  )
}

/** An item's buttons: Move up/down when ordered, its link (registrations), Edit and Delete (asked first). */
function ItemActions({
  id,
  title,
  link,
  noun,
  move,
  busy,
  headingId,
  onEdit,
  onDelete,
  onMove,
}: {
  id: string
  title: string
  link: ItemSummary['link']
  noun: string
  /** Whether it is first or last, when ordered. */
  move: { first: boolean; last: boolean } | null
  busy: boolean
  headingId: string
  onEdit: () => void
  onDelete: () => void
  onMove: (direction: MoveDirection) => void
}) {
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-1.5 sm:justify-end">
      {move ? (
        <>
          <MoveButton id={id} title={title} direction="up" disabled={move.first || busy} onMove={onMove} />
          <MoveButton id={id} title={title} direction="down" disabled={move.last || busy} onMove={onMove} />
        </>
      ) : null}
      {link ? (
        <Link
          to={link.to}
          aria-label={link.name}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'h-9' })}
        >
          <Users aria-hidden="true" />
          {link.label}
        </Link>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        className="h-9"
        aria-label={`Edit ${title}`}
        disabled={busy}
        onClick={onEdit}
      >
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <ConfirmDeleteDialog
        noun={noun}
        name={title}
        onConfirm={onDelete}
        focusAfterDelete={() => document.getElementById(headingId)?.focus()}
      >
        <Button
          variant="outline"
          size="sm"
          className="h-9 text-red-700 hover:border-red-300 hover:bg-red-50 hover:text-red-800"
          aria-label={`Delete ${title}`}
          disabled={busy}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </ConfirmDeleteDialog>
    </div>
  )
}

/** Move up or down one place. */
function MoveButton({
  id,
  title,
  direction,
  disabled,
  onMove,
}: {
  id: string
  title: string
  direction: MoveDirection
  disabled: boolean
  onMove: (direction: MoveDirection) => void
}) {
  const Arrow = direction === 'up' ? ArrowUp : ArrowDown
  return (
    <Button
      id={`move-${direction}-${id}`}
      variant="outline"
      size="icon"
      aria-label={`Move ${title} ${direction}`}
      title={`Move ${direction}`}
      disabled={disabled}
      onClick={() => onMove(direction)}
    >
      <Arrow aria-hidden="true" />
    </Button>
  )
}
