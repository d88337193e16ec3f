import { MapPin } from '#app/components/site/icons.tsx'
import { RichText } from '#app/components/site/rich-text.tsx'
import { usePageLanguage } from '#app/components/site/use-church.ts'

/** The spacing of each place a service is shown: a row of the weekly list, or a special service's card. */
const LOOKS = {
  row: {
    place: 'mt-1 flex items-center gap-1.5 text-sm text-muted-foreground',
    pin: 'size-3.5',
    text: 'mt-2',
  },
  card: { place: 'mt-1 flex items-center gap-2 text-sm text-muted-foreground', pin: 'size-4', text: 'mt-4' },
} as const

/** A service's place, when it has one, and its description, each in the language it is written in. */
export function ServiceDetails({
  service,
  look,
}: {
  service: { location: string | null; description: string | null; untranslated?: readonly string[] }
  look: keyof typeof LOOKS
}) {
  const { langOf } = usePageLanguage()
  const classes = LOOKS[look]
  return (
    <>
      {service.location ? (
        <p className={classes.place}>
          <MapPin className={classes.pin} aria-hidden />
          <span lang={langOf(service, 'location')}>{service.location}</span>
        </p>
      ) : null}
      <RichText
        html={service.description}
        lang={langOf(service, 'description')}
        className={`${classes.text} leading-relaxed text-foreground/80`}
      />
    </>
  )
}
