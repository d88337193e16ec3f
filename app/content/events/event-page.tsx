import {
  ArrowLeft,
  CalendarDays,
  CalendarPlus,
  Clock,
  Download,
  MapPin,
  Navigation,
  Repeat,
} from '#app/components/site/icons.tsx'
import { isSourceLanguage } from '#app/lib/languages.ts'
import type { ReactNode } from 'react'
import { data, Link } from 'react-router'

import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import type { Route } from './+types/event-page.ts'
import { inPageLanguage, pageLanguage, pageLinkTo } from '#app/server/page-language.server.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { formProblem } from '#app/i18n/form-texts.ts'
import { dateWords } from './date-words.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { MapWidget } from '#app/components/site/map-widget.tsx'
import { RichText } from '#app/components/site/rich-text.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { SiteImage } from '#app/components/site/site-image.tsx'
import { requestContext, runtimeContext } from '#app/context.ts'
import { eventFacts, eventPath, eventShareKey, eventsJsonLd } from './seo.ts'
import { parseLocalDate, parseLocalDateTime } from './dates.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { summarise } from '#app/lib/church-text.ts'
import { getEvent } from './model.server.ts'
import { googleCalendarUrl } from './calendar.server.ts'
import {
  churchToday,
  hasEnded,
  nextDateOf,
  ruleText,
  timingOf,
  undatedStillShown,
  withDateWords,
  zonedIso,
} from './events.server.ts'
import { loadImageSources } from '#app/server/image-sources.server.ts'
import { pagePath, feedPath } from '#app/content/registry.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import { makeFormToken } from '#app/server/spam.server.ts'
import { HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'
import {
  RegistrationForm,
  type RegistrationFormResult,
} from '#app/content/registrations/registration-form.tsx'
import { registrationDates } from '#app/content/registrations/dates-offered.server.ts'
import { signUp } from '#app/content/registrations/sign-up.server.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const { db, clock } = runtime
  const { origin } = context.get(requestContext)
  const linkTo = pageLinkTo(context)
  const stored = await getEvent({ db, id: params.id })
  // In the page's language, field by field, its dates in its words (issue 28).
  const { language, languages } = pageLanguage(context)
  const words = dateWords(language)
  const event =
    stored && withDateWords(inPageLanguage(context, 'events', [stored]), language, languages[0]!)[0]!
  // An event whose date the site cannot read leaves the public pages UNDATED_SHOWN_DAYS after it was added.
  if (!event || (event.starts_at === null && !undatedStillShown(event, clock.now()))) {
    throw new Response('Not found', { status: 404 })
  }
  const { zone, today } = await churchToday({ db, clock })
  const timing = timingOf(event)
  // A rule that cannot be worked out (stored before rules were bounded) is shown by its text, without dates.
  const { next, problem } = nextDateOf(event, zone, today)
  const image = (await loadImageSources({ db, urls: [event.image_url] }))(event.image_url)
  const dated = event.starts_at !== null
  const ended = dated && problem === null && (event.recurrence ? next === null : hasEnded(event, today))
  const skipped = event.exdates
    .filter((date) => date >= today.toString())
    .map((date) => words.shortDate(parseLocalDate(date)!))
  // An event that takes sign-ups is made for each request: its places change, and its form carries the signed
  // time it was rendered (the contact form's spam check). Other events stay in the page cache.
  const closesAt = parseLocalDateTime(event.registration_closes_at)
  const registration = event.registration
    ? {
        dates: await registrationDates({ db, clock, event, language }),
        repeating: event.recurrence !== null,
        // When sign-ups close, if staff set a time (otherwise each date closes as it begins).
        closes: closesAt
          ? words.occurrenceText({ ...timing, all_day: false }, { start: closesAt, end: closesAt })
          : null,
        formToken: makeFormToken(runtime.secret, clock.now().getTime()),
      }
    : null
  const page = {
    registration,
    event: {
      id: event.id,
      title: event.title,
      description: sanitizeHtml(event.description),
      summary: summarise(htmlToText(event.description ?? '')),
      location: event.location,
      latitude: event.latitude,
      longitude: event.longitude,
      is_regular: event.is_regular,
      image,
      photo: event.image_url,
    },
    // When, in words: the next (or only) date, and a repeating event's rule.
    when: next
      ? words.occurrenceText(timing, next)
      : dated
        ? null
        : [event.date, event.time].filter(Boolean).join(', '),
    rule: event.recurrence ? ruleText(event, language) : null,
    skipped,
    ended,
    lastDate: ended && !event.recurrence ? event.date : null,
    addToCalendar:
      dated && !ended && problem === null
        ? {
            // Both in the page's language (issue 28): the file's words, and the page the details lead back to.
            ics: linkTo(feedPath('event-calendar', { id: event.id })),
            google: googleCalendarUrl(event, zone, `${origin}${linkTo(eventPath(event.id))}`),
          }
        : null,
    untranslated: event.untranslated,
    directions: event.location
      ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
          event.latitude !== null && event.longitude !== null
            ? `${event.latitude},${event.longitude}`
            : event.location,
        )}`
      : null,
    structured:
      next && !ended
        ? [
            eventFacts(event, {
              startDate: zonedIso(next.start, zone, event.all_day),
              endDate: next.end.equals(next.start) ? null : zonedIso(next.end, zone, event.all_day),
            }),
          ]
        : [],
  }
  return data(page, registration ? { headers: { 'Cache-Control': 'no-store' } } : undefined)
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get('Cache-Control')
  return cacheControl ? { 'Cache-Control': cacheControl } : new Headers()
}

const FORM_FIELDS = ['name', 'email', 'people', 'note', 'occurrence', 'form_token'] as const

/** The sign-up form's post, with or without JavaScript: answered with the page and the form's result in place. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  const { language } = pageLanguage(context)
  const t = textsFor(language)
  let values: Record<string, string> = {}
  try {
    const form = await readFormBody(request)
    values = Object.fromEntries(FORM_FIELDS.map((field) => [field, String(form.get(field) ?? '')]))
    const { status, updated } = await signUp({
      runtime,
      eventId: params.id,
      clientIp: context.get(requestContext).clientIp,
      fromForm: true,
      // Its e-mails in the page's language, their links to its pages (issue 46).
      language,
      data: { ...values, [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? '') },
    })
    return { ok: true, status, updated, email: values.email } satisfies RegistrationFormResult
  } catch (error) {
    if (!(error instanceof HttpError)) {
      runtime.logger.error({ err: error }, 'registration failed')
      return data(
        {
          ok: false,
          message: t('registration.failed'),
          values,
        } satisfies RegistrationFormResult,
        { status: 500 },
      )
    }
    return data(
      {
        ok: false,
        ...(isSourceLanguage(language)
          ? { message: error.fields ? t('forms.correct') : error.message, fields: error.fields }
          : formProblem(error, t, language)),
        values,
      } satisfies RegistrationFormResult,
      { status: error.status },
    )
  }
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData
  if (!data) return []
  const { event } = data
  return pageMeta(
    args,
    {
      path: eventPath(event.id),
      title: event.title,
      description: [data.when, event.location, event.summary].filter(Boolean).join(' · ').slice(0, 300),
      shareImage: { key: eventShareKey(event.id), photo: event.photo },
    },
    { jsonLd: eventsJsonLd(args.matches, data.structured) },
  )
}

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { to, langOf } = usePageLanguage()
  const t = usePageTexts()
  const {
    event,
    when,
    rule,
    skipped,
    ended,
    lastDate,
    addToCalendar,
    directions,
    registration,
    untranslated,
  } = loaderData
  const lang = (field: string) => langOf({ untranslated }, field)
  const hasMap = event.latitude !== null && event.longitude !== null
  return (
    <article>
      <header className="bg-primary text-white">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 md:py-16">
          <Link
            to={to(pagePath('events'))}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-white/85 hover:text-white hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t('events.all')}
          </Link>
          <p className="mt-6">
            <span className="rounded-full bg-white px-3 py-1 text-xs font-semibold tracking-wide text-stone-900 uppercase">
              {event.is_regular ? t('events.regularBadge') : t('events.specialBadge')}
            </span>
          </p>
          <h1
            className="mt-4 font-serif text-4xl font-bold tracking-tight text-balance md:text-5xl"
            lang={lang('title')}
          >
            {event.title}
          </h1>
          {when ? <p className="mt-3 text-lg text-white/90 md:text-xl">{rule ?? when}</p> : null}
        </div>
      </header>

      <div className="mx-auto grid max-w-4xl gap-10 px-4 py-12 sm:px-6 md:py-16">
        {ended ? (
          <p role="status" className="rounded-xl border border-border bg-surface p-4 text-foreground/80">
            {lastDate ? t('events.tookPlace', { date: lastDate }) : t('events.noDatesLeft')}{' '}
            <Link
              to={to(pagePath('events'))}
              className="font-semibold text-primary-text underline underline-offset-2"
            >
              {t('events.comingUp')}
            </Link>
          </p>
        ) : null}

        {event.image ? (
          <SiteImage
            image={event.image}
            alt={event.title}
            priority
            sizes="(min-width: 896px) 848px, 100vw"
            className="aspect-[3/2] w-full rounded-2xl object-cover shadow-sm"
          />
        ) : null}

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
                rule ? (
                  <Clock className="size-5" aria-hidden />
                ) : (
                  <CalendarDays className="size-5" aria-hidden />
                )
              }
              label={rule ? t('events.nextDate') : t('events.when')}
            >
              {when}
            </Detail>
          ) : null}
          {event.location ? (
            <Detail icon={<MapPin className="size-5" aria-hidden />} label={t('events.where')}>
              <span lang={lang('location')}>{event.location}</span>
            </Detail>
          ) : null}
        </dl>

        {registration ? (
          <section
            id="register"
            aria-labelledby="register-heading"
            className="scroll-mt-24 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
          >
            <h2 id="register-heading" className="font-serif text-2xl font-bold">
              {t('events.register')}
            </h2>
            {registration.dates.length > 0 ? (
              <>
                <p className="mt-2 mb-6 text-muted-foreground">
                  {registration.closes ? `${t('events.closes', { when: registration.closes })} ` : null}
                  {t('events.registerNote')}
                </p>
                <RegistrationForm
                  action={to(pagePath('event', { id: event.id }))}
                  dates={registration.dates}
                  repeating={registration.repeating}
                  formToken={registration.formToken}
                  result={actionData}
                />
              </>
            ) : (
              <p className="mt-2 text-foreground/80">{t('events.closed')}</p>
            )}
          </section>
        ) : null}

        {addToCalendar ? (
          <section aria-labelledby="add-to-calendar" className="flex flex-col gap-4">
            <h2 id="add-to-calendar" className="font-serif text-2xl font-bold">
              {t('events.addToCalendar')}
            </h2>
            <div className="flex flex-wrap gap-3">
              <a href={addToCalendar.ics} download className={buttonClasses({})}>
                <Download className="size-4" aria-hidden />
                {t('events.downloadIcs')}
                <span className="sr-only"> {t('events.icsApps')}</span>
              </a>
              {addToCalendar.google ? (
                <a
                  href={addToCalendar.google}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses({ variant: 'outline' })}
                >
                  <CalendarPlus className="size-4" aria-hidden />
                  {t('events.googleCalendar')}
                </a>
              ) : null}
            </div>
            {addToCalendar.google ? null : (
              <p className="text-sm text-muted-foreground">{t('events.googleCannot')}</p>
            )}
          </section>
        ) : null}

        {event.description ? (
          <section aria-labelledby="about-event">
            <h2 id="about-event" className="font-serif text-2xl font-bold">
              {t('events.about')}
            </h2>
            <RichText
              html={event.description}
              lang={lang('description')}
              className="mt-4 text-lg leading-relaxed text-foreground/85"
            />
          </section>
        ) : null}

        {event.location ? (
          <section aria-labelledby="event-map" className="flex flex-col gap-4">
            <h2 id="event-map" className="font-serif text-2xl font-bold">
              {t('events.finding')}
            </h2>
            {hasMap ? (
              <MapWidget latitude={event.latitude!} longitude={event.longitude!} name={event.title} />
            ) : null}
            {directions ? (
              <a
                href={directions}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses({ variant: 'outline', className: 'self-start' })}
              >
                <Navigation className="size-4" aria-hidden />
                {hasMap ? t('events.directions') : t('events.findOnMap', { place: event.location })}
              </a>
            ) : null}
          </section>
        ) : null}
      </div>
    </article>
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

export function ErrorBoundary() {
  return <SiteError />
}
