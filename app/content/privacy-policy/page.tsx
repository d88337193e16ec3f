import type { ReactNode } from 'react'

import { isSourceLanguage } from '#app/lib/languages.ts'
import type { Route } from './+types/page.ts'
import { PageHero } from '#app/components/site/page-hero.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { useChurch, usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { runtimeContext } from '#app/context.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { getRegistrationSettings, getRetentionMonths } from '#app/models/settings.server.ts'
import { SPAM_RETENTION_DAYS } from '#app/schemas/settings.ts'

/** How long contact messages are kept, as staff set it (Settings): the policy states the real period. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  const [retentionMonths, registrations] = await Promise.all([
    getRetentionMonths({ db }),
    getRegistrationSettings({ db }),
  ])
  return { retentionMonths, registrationDays: registrations.registration_kept_days }
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'privacy-policy')
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const church = useChurch()
  const { retentionMonths, registrationDays } = loaderData
  const email = church.email
  const t = usePageTexts()
  const { language } = usePageLanguage()
  // The policy's own words are English (a legal text is translated by a person, not field by field): on a page
  // in another language they are marked as English, and the page says so.
  const english = isSourceLanguage(language)
  return (
    <>
      <PageHero title={t('privacy.title')} intro={t('privacy.intro')} />
      {english ? null : (
        <p className="mx-auto max-w-3xl px-4 pt-10 text-muted-foreground sm:px-6">{t('privacy.inEnglish')}</p>
      )}

      <article lang={english ? undefined : 'en'} className="mx-auto max-w-3xl px-4 py-16 sm:px-6 md:py-20">
        <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-10">
          <p className="text-lg leading-relaxed text-foreground/80">
            This policy explains how {church.name} uses cookies and similar technologies on this website. By
            continuing to use the site you agree to their use as described here.
          </p>

          <CookieSections />

          <PolicySection title="Messages You Send Us">
            <p>
              When you write to us through the contact form, we keep your name, email address, phone number
              (if you give it) and your message so that someone at {church.name} can read it and reply. It is
              e-mailed to the church staff who answer messages, and is not shared with anyone else.
            </p>
            <p>
              We keep messages for {`${retentionMonths} ${retentionMonths === 1 ? 'month' : 'months'}`}, and
              then delete them. Messages that our spam filter catches are deleted after {SPAM_RETENTION_DAYS}{' '}
              days. You can ask us for a copy of your messages, or ask us to delete them sooner, at any time.
            </p>
          </PolicySection>

          <PolicySection title="Registering for Events">
            <p>
              When you register for an event, we keep your name, email address, how many people are coming and
              any note you add, so that we can plan the event and tell you about it. We e-mail you a
              confirmation with a link to cancel, and the church staff who organise the event can see your
              registration. It is not shared with anyone else.
            </p>
            <p>
              Registrations are erased by themselves{' '}
              {`${registrationDays} ${registrationDays === 1 ? 'day' : 'days'}`} after the event. You can
              cancel yours at any time with the link in your confirmation, or ask us to delete it sooner.
            </p>
          </PolicySection>

          {/* In the page's language: the sign-up form that leads here is in it. */}
          <PolicySection title={t('privacy.news.title')} lang={english ? undefined : language}>
            <p>{t('privacy.news.list')}</p>
            <p>{t('privacy.news.basis')}</p>
            <p>{t('privacy.news.kept')}</p>
            <p>{t('privacy.news.retention')}</p>
          </PolicySection>

          <PolicySection title="Your Rights">
            <p>
              Under the General Data Protection Regulation (GDPR) you have the right to access, correct and
              delete the personal data we hold about you, and to object to or restrict how we use it. You also
              have the right to complain to{' '}
              {church.country === 'IE'
                ? 'the Data Protection Commission in Ireland'
                : `the data protection authority in ${church.countryName}`}
              .
            </p>
          </PolicySection>

          <PolicySection title="Contact Us">
            <p>
              If you have any questions about this policy or how {church.name} uses your information, please
              contact us
              {email ? (
                <>
                  {' '}
                  at <a href={`mailto:${email}`}>{email}</a>
                </>
              ) : null}
              .
            </p>
          </PolicySection>

          <PolicySection title="Updates to This Policy">
            <p>
              We may update this policy from time to time. Any changes will be posted on this page, so please
              check back now and then.
            </p>
          </PolicySection>
        </div>
      </article>
    </>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}

function PolicySection({ title, lang, children }: { title: string; lang?: string; children: ReactNode }) {
  return (
    <section lang={lang} className="mt-10">
      <h2 className="font-serif text-2xl font-bold">{title}</h2>
      <div className="rich-text mt-4 leading-relaxed text-foreground/80 [&_h3]:mt-6 [&_h3]:text-lg">
        {children}
      </div>
    </section>
  )
}

/** What cookies are and which the site sets: the same words for every church. */
function CookieSections() {
  return (
    <>
      <PolicySection title="What Are Cookies">
        <p>
          Cookies are small text files that a website stores on your computer or phone when you visit it. They
          are widely used to make websites work, or work more efficiently, and to give information to the
          owners of the site.
        </p>
      </PolicySection>

      <PolicySection title="How We Use Cookies">
        <p>We use cookies and your browser&rsquo;s local storage to:</p>
        <ul>
          <li>remember your preferences, such as your colour theme, light or dark mode and language;</li>
          <li>understand how visitors use the site (analytics), so we can improve it;</li>
          <li>keep the site fast and reliable (performance);</li>
          <li>keep the church&rsquo;s administrative users signed in while they edit the site.</li>
        </ul>
      </PolicySection>

      <PolicySection title="Types of Cookies We Use">
        <h3>Essential cookies</h3>
        <p>
          These are needed for the website to work, for example to remember your cookie choice and to keep
          administrators signed in. They cannot be switched off.
        </p>
        <h3>Analytics cookies</h3>
        <p>
          These help us understand how visitors find and use the site, such as which pages are visited most.
          The information is collected in a way that does not identify you directly.
        </p>
        <h3>Preference cookies</h3>
        <p>
          These remember the choices you make, such as your colour theme, light or dark mode and the language
          you read the site in, so the site looks the way you like it on your next visit.
        </p>
      </PolicySection>

      <PolicySection title="Managing Cookies">
        <p>
          You can decline non-essential cookies using the banner shown on your first visit. Most browsers also
          let you view, block and delete cookies in their settings; blocking all cookies may stop some parts
          of the site from working as intended.
        </p>
      </PolicySection>
    </>
  )
}
