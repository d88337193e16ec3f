import { CalendarClock, CalendarDays, Clock, MapPin } from '#app/components/site/icons.tsx'
import { Link } from 'react-router'

import { buttonClasses } from '#app/components/site/button-classes.ts'
import { RichText } from '#app/components/site/rich-text.tsx'
import { SiteImage } from '#app/components/site/site-image.tsx'
import { cn } from '#app/lib/cn.ts'
import type { ImageSource } from '#app/lib/images.ts'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'

export interface EventCardData {
  id: string
  title: string
  description: string | null
  date: string | null
  time: string | null
  location: string | null
  is_regular: boolean
  /** A regular event's next date in words ('Next: Sunday 29 November'). */
  next?: string | null
  image: ImageSource | null
  /** Fields shown in the main language on a page in another (issue 28). */
  untranslated?: string[]
}

interface EventCardProps {
  event: EventCardData
  /** Home shows the Regular/Special badge and two lines of the description; the Events page all of it. */
  compact?: boolean
  action: { label: string; to: string }
  headingLevel?: 'h3' | 'h2'
  /** The first card of a page: its picture is likely the largest thing on a phone's first screen. */
  priority?: boolean
}

export function EventCard({
  event,
  compact = false,
  action,
  headingLevel: Heading = 'h3',
  priority = false,
}: EventCardProps) {
  const { langOf } = usePageLanguage()
  const t = usePageTexts()
  const details = [
    { icon: CalendarDays, text: event.date, label: t('events.date'), lang: langOf(event, 'date') },
    { icon: CalendarClock, text: event.next, label: t('events.nextDate'), lang: undefined },
    { icon: Clock, text: event.time, label: t('events.time'), lang: langOf(event, 'time') },
    { icon: MapPin, text: event.location, label: t('events.location'), lang: langOf(event, 'location') },
  ].filter((detail) => detail.text)
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition duration-300 hover:-translate-y-1 hover:shadow-xl hover:shadow-stone-900/10">
      {event.image ? (
        <div className="relative aspect-[3/2] overflow-hidden bg-surface">
          <SiteImage
            image={event.image}
            alt={event.title}
            priority={priority}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            className="size-full object-cover transition duration-500 group-hover:scale-105"
          />
          {compact ? <EventBadge regular={event.is_regular} className="absolute top-4 left-4" /> : null}
        </div>
      ) : null}
      <div className="flex flex-1 flex-col p-6">
        {compact && !event.image ? (
          <EventBadge regular={event.is_regular} className="mb-3 self-start" />
        ) : null}
        <Heading className="font-serif text-xl leading-snug font-bold" lang={langOf(event, 'title')}>
          {event.title}
        </Heading>
        {details.length > 0 ? (
          <dl className="mt-3 space-y-1.5 text-sm text-muted-foreground">
            {details.map(({ icon: Icon, text, label, lang }) => (
              <div key={label} className="flex items-start gap-2">
                <dt>
                  <Icon className="mt-0.5 size-4 shrink-0 text-primary-text" aria-hidden />
                  <span className="sr-only">{label}</span>
                </dt>
                <dd lang={lang}>{text}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <RichText
          html={event.description}
          lang={langOf(event, 'description')}
          className={cn('mt-4 text-[15px] leading-relaxed text-foreground/80', compact && 'line-clamp-2')}
        />
        <div className="mt-auto pt-6">
          <Link to={action.to} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            {action.label}
            <span className="sr-only">: {event.title}</span>
          </Link>
        </div>
      </div>
    </article>
  )
}

function EventBadge({ regular, className }: { regular: boolean; className?: string }) {
  const t = usePageTexts()
  return (
    <span
      className={cn(
        'rounded-full px-3 py-1 text-xs font-semibold tracking-wide uppercase shadow-sm',
        regular ? 'bg-primary text-white' : 'bg-white text-stone-900',
        className,
      )}
    >
      {regular ? t('events.regularBadge') : t('events.specialBadge')}
    </span>
  )
}
