import { ArrowRight, CalendarDays, HandHeart, Images, Mail, Music, Newspaper } from 'lucide-react'
import { Link } from 'react-router'

import { cn } from '#app/lib/cn.ts'

const ICONS = {
  messages: Mail,
  services: Music,
  events: CalendarDays,
  ministries: HandHeart,
  gallery: Images,
  subscribers: Newspaper,
}

/** The dashboard's cards of counts, each opening its screen. */
export function DashboardCounts({
  counts,
}: {
  counts: ReadonlyArray<{ label: string; count: number; to: string; icon: keyof typeof ICONS }>
}) {
  return (
    <ul
      className={cn(
        'grid grid-cols-2 gap-3 sm:gap-4',
        // Six cards in one row would break their words: two rows of three.
        counts.length > 5 ? 'lg:grid-cols-3' : 'lg:grid-cols-5',
      )}
    >
      {counts.map(({ label, count, to, icon }) => {
        const Icon = ICONS[icon]
        return (
          // Cards in two columns on phones: the messages card (and the subscribers', when shown) takes a row of
          // its own.
          <li
            key={to}
            className={cn((icon === 'messages' || icon === 'subscribers') && 'col-span-2 lg:col-span-1')}
          >
            <Link
              to={to}
              className="group flex h-full items-center gap-3 rounded-lg border border-gray-200 bg-white p-3 shadow-xs transition hover:border-primary/40 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:gap-4 sm:p-5"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary sm:size-11">
                <Icon aria-hidden="true" className="size-4 sm:size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-xs font-medium text-gray-600 sm:text-sm">{label}</span>
                <span className="block text-2xl font-semibold tracking-tight text-gray-950 sm:text-3xl">
                  {count}
                </span>
              </span>
              <ArrowRight
                aria-hidden="true"
                className="hidden size-4 text-gray-400 transition group-hover:translate-x-0.5 group-hover:text-primary sm:block"
              />
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
