import { ArrowLeft, Navigation } from '#app/components/site/icons.tsx'
import { isSourceLanguage } from '#app/lib/languages.ts'
import { data, Link } from 'react-router'

import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import type { Route } from './+types/event-page.ts'
import { AddToCalendar } from './add-to-calendar.tsx'
import { EventDetails } from './event-details.tsx'
import { eventPageData } from './event-page.server.ts'
import { EventSignUp } from '#app/content/registrations/event-sign-up.tsx'
import { pageLanguage } from '#app/server/page-language.server.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { formProblem } from '#app/i18n/form-texts.ts'
import { dateWords } from '#app/dates/words.ts'
import { buttonClasses } from '#app/components/site/button-classes.ts'
import { MapWidget } from '#app/components/site/map-widget.tsx'
import { RichText } from '#app/components/site/rich-text.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { SiteImage } from '#app/components/site/site-image.tsx'
import { requestContext, runtimeContext } from '#app/context.ts'
import { eventPath, eventShareKey, eventsJsonLd } from './seo.ts'
import { parseLocalDateTime } from '#app/dates/engine.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { timingOf } from '#app/dates/timing.ts'
import { pagePath } from '#app/content/registry.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import { makeFormToken } from '#app/server/spam.server.ts'
import { HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'
import type { RegistrationFormResult } from '#app/content/registrations/registration-form.tsx'
import { registrationDates } from '#app/content/registrations/dates-offered.server.ts'
import { signUp } from '#app/content/registrations/sign-up.server.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const { event, page } = await eventPageData({ id: params.id, context })
  const registration = event.registration ? await registrationOffer(event, context) : null
  // An event that takes sign-ups is made for each request: its places change, and its form carries the signed
  // time it was rendered (the contact form's spam check). Other events stay in the page cache.
  return data(
    { registration, ...page },
    registration ? { headers: { 'Cache-Control': 'no-store' } } : undefined,
  )
}

/** What an event's sign-up form offers: its dates, when sign-ups close, and the form's signed time. */
async function registrationOffer(
  event: Awaited<ReturnType<typeof eventPageData>>['event'],
  context: Route.LoaderArgs['context'],
) {
  const { db, clock, secret } = context.get(runtimeContext)
  const { language } = pageLanguage(context)
  const closesAt = parseLocalDateTime(event.registration_closes_at)
  return {
    dates: await registrationDates({ db, clock, event, language }),
    repeating: event.recurrence !== null,
    // When sign-ups close, if staff set a time (otherwise each date closes as it begins).
    closes: closesAt
      ? dateWords(language).occurrenceText(
          { ...timingOf(event), all_day: false },
          { start: closesAt, end: closesAt },
        )
      : null,
    formToken: makeFormToken(secret, clock.now().getTime()),
  }
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

        <EventDetails
          rule={rule}
          skipped={skipped}
          when={when}
          location={event.location}
          lang={lang('location')}
        />

        {registration ? (
          <EventSignUp eventId={event.id} registration={registration} result={actionData} />
        ) : null}

        {addToCalendar ? <AddToCalendar links={addToCalendar} /> : null}

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

export function ErrorBoundary() {
  return <SiteError />
}
