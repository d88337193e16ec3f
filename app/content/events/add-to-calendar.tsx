import { CalendarPlus, Download } from '#app/components/site/icons.tsx'

import { buttonClasses } from '#app/components/site/button-classes.ts'
import { usePageTexts } from '#app/components/site/use-church.ts'

/** An event's "Add to calendar": its .ics file, and Google Calendar's form when the event fits in its address. */
export function AddToCalendar({ links }: { links: { ics: string; google: string | null } }) {
  const t = usePageTexts()
  return (
    <section aria-labelledby="add-to-calendar" className="flex flex-col gap-4">
      <h2 id="add-to-calendar" className="font-serif text-2xl font-bold">
        {t('events.addToCalendar')}
      </h2>
      <div className="flex flex-wrap gap-3">
        <a href={links.ics} download className={buttonClasses({})}>
          <Download className="size-4" aria-hidden />
          {t('events.downloadIcs')}
          <span className="sr-only"> {t('events.icsApps')}</span>
        </a>
        {links.google ? (
          <a
            href={links.google}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'outline' })}
          >
            <CalendarPlus className="size-4" aria-hidden />
            {t('events.googleCalendar')}
          </a>
        ) : null}
      </div>
      {links.google ? null : <p className="text-sm text-muted-foreground">{t('events.googleCannot')}</p>}
    </section>
  )
}
