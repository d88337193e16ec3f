import type { ActivityRow } from '#app/lib/activity.ts'
import { cn } from '#app/lib/cn.ts'

/**
 * The activity log's entries, newest first, each a sentence ("Anna Murphy changed “Youth Night”") and a line
 * with the section and the time; `showEmail` adds the person's address (the full screen).
 */
export function ActivityList({
  rows,
  showEmail = false,
  className,
}: {
  rows: ActivityRow[]
  showEmail?: boolean
  className?: string
}) {
  return (
    <ol className={cn('divide-y divide-gray-100', className)}>
      {rows.map((row) => (
        <li key={row.id} className="px-5 py-3">
          <p className="text-sm text-gray-900 sm:text-base">
            <span className="font-semibold">{row.person}</span> {row.verb}
            {row.item ? (
              <>
                {' '}
                <span className="font-medium break-words text-gray-950">
                  {row.quoted ? `“${row.item}”` : row.item}
                </span>
              </>
            ) : null}
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-gray-600">
            <span>{row.section}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={row.at}>{row.when}</time>
            {showEmail ? (
              <>
                <span aria-hidden="true">·</span>
                <span className="break-all">{row.email}</span>
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ol>
  )
}
