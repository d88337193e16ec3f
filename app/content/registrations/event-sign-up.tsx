import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { pagePath } from '#app/content/registry.ts'
import {
  RegistrationForm,
  type RegistrationFormDate,
  type RegistrationFormResult,
} from './registration-form.tsx'

/** An event page's sign-up: its form while dates are offered, else a word that sign-ups are closed. */
export function EventSignUp({
  eventId,
  registration,
  result,
}: {
  eventId: string
  registration: {
    dates: readonly RegistrationFormDate[]
    repeating: boolean
    /** When sign-ups close, in words, if staff set a time. */
    closes: string | null
    formToken: string
  }
  result: RegistrationFormResult | undefined
}) {
  const { to } = usePageLanguage()
  const t = usePageTexts()
  return (
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
            action={to(pagePath('event', { id: eventId }))}
            dates={registration.dates}
            repeating={registration.repeating}
            formToken={registration.formToken}
            result={result}
          />
        </>
      ) : (
        <p className="mt-2 text-foreground/80">{t('events.closed')}</p>
      )}
    </section>
  )
}
