import { Link } from 'react-router'

import { cn } from '#app/lib/cn.ts'
import { FILTER_LABELS, MESSAGE_FILTERS, type MessageFilterName } from './status.ts'
import type { MessageStatus } from './schema.ts'

/**
 * The inbox's filters as links (they survive reloads and work without JavaScript), each with its count where
 * it says something: the inbox, the new ones, the spam.
 */
export function MessageFilterTabs({
  current,
  counts,
  href,
}: {
  current: MessageFilterName
  counts: Record<MessageStatus, number>
  href: (filter: MessageFilterName) => string
}) {
  const countOf = (filter: MessageFilterName) =>
    filter === 'inbox' ? counts.new + counts.read + counts.replied : counts[filter]
  return (
    <nav aria-label="Filter messages" className="relative -mx-4 mb-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-gray-200">
        {MESSAGE_FILTERS.map((filter) => {
          const active = filter === current
          const count = countOf(filter)
          const shown = filter === 'inbox' || filter === 'new' || filter === 'spam'
          return (
            <li key={filter}>
              <Link
                to={href(filter)}
                preventScrollReset
                aria-current={active ? 'page' : undefined}
                className={cn(
                  '-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                  'rounded-t-md focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary',
                  active
                    ? 'border-primary text-primary'
                    : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-950',
                )}
              >
                {FILTER_LABELS[filter]}
                {shown ? (
                  <span
                    className={cn(
                      'rounded-full px-1.5 text-xs font-semibold tabular-nums',
                      filter === 'new' && count > 0 ? 'bg-primary text-white' : 'bg-gray-100 text-gray-700',
                    )}
                  >
                    {count}
                    <span className="sr-only">{filter === 'inbox' ? ' messages' : ` ${filter}`}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
