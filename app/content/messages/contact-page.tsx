import { Bus, Car, Clock, Mail, MapPin, Phone, Train } from '#app/components/site/icons.tsx'
import { Fragment, type ReactNode } from 'react'
import { data } from 'react-router'

import type { Route } from './+types/contact-page.ts'
import { ContactForm, type ContactFormResult } from './contact-form.tsx'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { useChurch, usePageTexts } from '#app/components/site/use-church.ts'
import { formProblem } from '#app/i18n/form-texts.ts'
import { textsFor } from '#app/i18n/texts.ts'
import { pageLanguage } from '#app/server/page-language.server.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { cn } from '#app/lib/cn.ts'
import { telHref } from '#app/lib/contact-links.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { HttpError } from '#app/lib/errors.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { submitContactMessage } from './contact.server.ts'
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '#app/lib/visitor-post.ts'
import { makeFormToken } from '#app/server/spam.server.ts'

const FORM_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'subject',
  'message',
  FORM_TOKEN_FIELD,
] as const

/**
 * The form's token: when it was rendered, signed. A post that comes sooner than a person could type, or a day
 * later, is kept in Spam (app/server/spam.server.ts). It depends on the time, so this page is never kept in the
 * page cache (host/app.ts).
 */
export function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  return { formToken: makeFormToken(runtime.secret, runtime.clock.now().getTime()) }
}

/** The form's fields as posted, every one as text: what a refused form is filled in with again. */
const formValues = (form: FormData) =>
  Object.fromEntries(FORM_FIELDS.map((field) => [field, String(form.get(field) ?? '')]))

/** The contact form's post, with or without JavaScript; shares its rate limit with POST /api/contact_messages. */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext)
  const { language } = pageLanguage(context)
  const t = textsFor(language)
  let form: FormData
  try {
    form = await readFormBody(request)
  } catch (error) {
    const { status } = error as HttpError
    const { message } = formProblem(error as HttpError, t, language)
    return data({ ok: false, message, values: formValues(new FormData()) } satisfies ContactFormResult, {
      status,
    })
  }
  const values = formValues(form)
  try {
    const { clientIp } = context.get(requestContext)
    await submitContactMessage({
      runtime,
      clientIp,
      fromForm: true,
      data: { ...values, [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? '') },
    })
    return { ok: true } satisfies ContactFormResult
  } catch (error) {
    if (!(error instanceof HttpError)) {
      runtime.logger.error({ err: error }, 'contact form failed')
      return data(
        {
          ok: false,
          message: t('forms.failedLater'),
          values,
        } satisfies ContactFormResult,
        { status: 500 },
      )
    }
    return data({ ok: false, ...formProblem(error, t, language), values } satisfies ContactFormResult, {
      status: error.status,
    })
  }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'contact', { church: true })
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const church = useChurch()
  const t = usePageTexts()
  return (
    <>
      <PageHero title={t('contact.title')} intro={t('contact.intro')} />

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-16 sm:px-6 md:py-20 lg:grid-cols-5 lg:px-8">
        <section
          aria-labelledby="send-message"
          className="min-w-0 rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="send-message" className="font-serif text-2xl font-bold">
            {t('contact.sendUs')}
          </h2>
          <p className="mt-2 mb-6 text-muted-foreground">{t('forms.required')}</p>
          <ContactForm formToken={loaderData.formToken} />
        </section>

        <div className="min-w-0 space-y-8 lg:col-span-2">
          <section
            aria-labelledby="contact-information"
            className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8"
          >
            <h2 id="contact-information" className="font-serif text-2xl font-bold">
              {t('contact.information')}
            </h2>
            <ul className="mt-6 space-y-5">
              {church.address ? (
                <InfoRow icon={<MapPin className="size-5" aria-hidden />} label={t('contact.address')}>
                  {church.address}
                </InfoRow>
              ) : null}
              {church.phone ? (
                <InfoRow icon={<Phone className="size-5" aria-hidden />} label={t('contact.phone')}>
                  <a href={telHref(church.phone)} className="hover:text-primary-text hover:underline">
                    {church.phoneDisplay}
                  </a>
                </InfoRow>
              ) : null}
              {church.email ? (
                <InfoRow icon={<Mail className="size-5" aria-hidden />} label={t('contact.email')}>
                  <a
                    href={`mailto:${church.email}`}
                    className="break-all hover:text-primary-text hover:underline"
                  >
                    {church.email}
                  </a>
                </InfoRow>
              ) : null}
              {church.officeHours.length > 0 ? (
                <InfoRow icon={<Clock className="size-5" aria-hidden />} label={t('contact.officeHours')}>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:text-base">
                    {church.officeHours.map((row, index) =>
                      row.hours === null ? (
                        <dt key={index} className="col-span-2">
                          {row.days}
                        </dt>
                      ) : (
                        <Fragment key={index}>
                          <dt>{row.days}</dt>
                          {/* Times as short as '10:00 AM - 2:00 PM' stay on one line; longer texts wrap. */}
                          <dd
                            className={cn(
                              'text-right text-muted-foreground',
                              row.hours.length <= 20 && 'whitespace-nowrap',
                            )}
                          >
                            {row.hours.replace(/(\d) (AM|PM)\b/gi, '$1\u00a0$2')}
                          </dd>
                        </Fragment>
                      ),
                    )}
                  </dl>
                </InfoRow>
              ) : null}
            </ul>
          </section>

          {church.publicTransport.length > 0 || church.parking.length > 0 ? (
            <section
              aria-labelledby="contact-getting-here"
              className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
            >
              <h2 id="contact-getting-here" className="font-serif text-2xl font-bold">
                {t('contact.gettingHere')}
              </h2>
              <ul className="mt-6 space-y-4 text-foreground/80">
                {church.publicTransport.map((line, index) => (
                  <DirectionsLine
                    key={`transport-${index}`}
                    icon={/\b(train|rail|station|tram|luas|dart)\b/i.test(line) ? Train : Bus}
                    text={line}
                  />
                ))}
                {church.parking.map((line, index) => (
                  <DirectionsLine key={`parking-${index}`} icon={Car} text={line} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 sm:gap-4">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary-text dark:bg-primary-text/15">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{label}</p>
        <div className="mt-0.5 text-foreground/80">{children}</div>
      </div>
    </li>
  )
}

function DirectionsLine({ icon: Icon, text }: { icon: typeof Bus; text: string }) {
  return (
    <li className="flex gap-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-primary-text" aria-hidden />
      <span>{text}</span>
    </li>
  )
}
