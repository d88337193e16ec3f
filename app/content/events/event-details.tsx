import { CalendarDays, Clock, MapPin, Repeat } from '#app/components/site/icons.tsx'
import type { ReactNode } from 'react'

import { usePageTexts } from '#app/components/site/use-church.ts'

/** An event's facts in a card: how it repeats (and the dates it skips), when it next is, where. */
export function EventDetails({
  rule,
  skipped,
  when,
  location,
  lang,
}: {
  rule: string | null
  skipped: string[]
  when: string | null
  location: string | null
  /** The location's language where it is not the page's. */
  lang: string | undefined
}) {
  const t = usePageTexts()
  return (
    <dl className="grid gap-5 rounded-2xl border border-border bg-card p-6 shadow-sm sm:grid-cols-2 sm:p-8">
      {rule ? (
        <Detail icon={<Repeat className="size-5" aria-hidden />} label={t('events.repeats')}>
          {rule}
          {skipped.length > 0 ? (
            <span className="block text-sm text-muted-foreground">
              {t('events.notOn', { dates: skipped.join(', ') })}
            </span>
          ) : null}
        </Detail>
      ) : null}
      {when ? (
        <Detail
          icon={
            rule ? <Clock className="size-5" aria-hidden /> : <CalendarDays className="size-5" aria-hidden />
          }
          label={rule ? t('events.nextDate') : t('events.when')}
        >
          {when}
        </Detail>
      ) : null}
      {location ? (
        <Detail icon={<MapPin className="size-5" aria-hidden />} label={t('events.where')}>
          <span lang={lang}>{location}</span>
        </Detail>
      ) : null}
    </dl>
  )
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-10 pl-14">
      <dt className="text-sm font-semibold text-muted-foreground">
        <span className="absolute top-0 left-0 inline-flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary-text">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 font-semibold">{children}</dd>
    </div>
  )
}
