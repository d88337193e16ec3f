import { BookOpen, CalendarDays, UserRound } from '#app/components/site/icons.tsx'

import type { SermonCardData } from './sermon-text.ts'

/**
 * When a sermon was preached, who preached it and the passage, each beside its icon: a sermon's card and the home
 * page's latest sermon, which differ only in the list's and the icons' classes.
 */
export function SermonFacts({
  sermon,
  className,
  iconClassName,
}: {
  sermon: Pick<SermonCardData, 'date' | 'speaker' | 'scripture' | 'scriptureLang'>
  className: string
  iconClassName: string
}) {
  return (
    <ul className={className}>
      <li className="flex items-center gap-2">
        <CalendarDays className={iconClassName} aria-hidden />
        {sermon.date}
      </li>
      {sermon.speaker ? (
        <li className="flex items-center gap-2">
          <UserRound className={iconClassName} aria-hidden />
          {sermon.speaker}
        </li>
      ) : null}
      {sermon.scripture ? (
        <li className="flex items-center gap-2">
          <BookOpen className={iconClassName} aria-hidden />
          <span lang={sermon.scriptureLang}>{sermon.scripture}</span>
        </li>
      ) : null}
    </ul>
  )
}
