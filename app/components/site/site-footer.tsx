import { Mail, MapPin, Phone } from '#app/components/site/icons.tsx'
import { Link } from 'react-router'

import { BrandIcon } from './brand-icon.tsx'
import { pagePath } from '#app/content/registry.ts'
import { SiteImage } from './site-image.tsx'
import { useNavLinks, usePageLanguage, usePageTexts } from './use-church.ts'
import { pageWords } from '#app/i18n/pages.ts'
import { LanguageLinks } from './language-links.tsx'
import { NewsFooterForm } from '#app/content/news/footer-form.tsx'
import { telHref } from '#app/lib/contact-links.ts'
import type { ImageSource } from '#app/lib/images.ts'
import type { SocialNetwork } from '#app/lib/social-links.ts'

interface SiteFooterProps {
  church: {
    name: string
    logo: ImageSource
    tagline: string | null
    address: string | null
    email: string | null
    /** International form, and as shown. */
    phone: string | null
    phoneDisplay: string | null
    social: ReadonlyArray<{ network: SocialNetwork; label: string; url: string }>
  }
}

const headingClass = 'font-serif text-base font-semibold tracking-wide text-white'
const linkClass =
  'rounded text-sm text-white/75 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-white'

export function SiteFooter({ church }: SiteFooterProps) {
  const { name, logo, tagline, address, email, phone, phoneDisplay, social } = church
  const { to, language, path } = usePageLanguage()
  const t = usePageTexts()
  const links = useNavLinks()
  const news = pagePath('news')
  // The news pages have the form (or its e-mails' links) already.
  const onNewsPage = path === news || path.startsWith(`${news}/`)
  return (
    <footer className="bg-[hsl(var(--primary-h)_32%_13%)] text-white/80">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.4fr] lg:px-8">
        <div>
          <div className="flex items-center gap-3">
            <SiteImage
              image={logo}
              alt=""
              sizes="48px"
              className="size-12 rounded-full bg-white/95 object-contain p-1"
            />
            <p className="font-serif text-xl font-bold text-white">{name}</p>
          </div>
          {tagline ? <p className="mt-4 max-w-xs text-sm leading-relaxed text-white/75">{tagline}</p> : null}
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={headingClass}>
            {t('footer.quickLinks')}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2.5 md:grid-cols-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={to(link.to)} className={linkClass}>
                  {pageWords(link.key, language).footerLabel}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {social.length > 0 ? (
          <div>
            <h2 className={headingClass}>{t('footer.followUs')}</h2>
            <ul className="mt-4 flex gap-3">
              {social.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${link.label} ${t('site.newTab')}`}
                    className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
                  >
                    <BrandIcon name={link.network} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div>
          <h2 className={headingClass}>{t('footer.connect')}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {address ? (
              <li className="flex gap-3">
                <MapPin className="mt-0.5 size-4 shrink-0 text-white/60" aria-hidden />
                <span>{address}</span>
              </li>
            ) : null}
            {phone ? (
              <li className="flex gap-3">
                <Phone className="mt-0.5 size-4 shrink-0 text-white/60" aria-hidden />
                <a href={telHref(phone)} className={linkClass}>
                  {phoneDisplay}
                </a>
              </li>
            ) : null}
            {email ? (
              <li className="flex gap-3">
                <Mail className="mt-0.5 size-4 shrink-0 text-white/60" aria-hidden />
                <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
                  {email}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      {onNewsPage ? null : <NewsFooterForm />}
      <div className="border-t border-white/10">
        {/* The page ends in a band as tall as the floating WhatsApp and theme buttons with their margins (1 rem,
            46 px, 1 rem), so at its end they cover nothing (site.css). */}
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 pt-6 pb-20 text-xs text-white/65 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{t('footer.rights', { year: new Date().getFullYear(), name })}</p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {/* The same page in the site's other languages (issue 28): on every width. */}
            <LanguageLinks className="rounded hover:text-white focus-visible:outline-2 focus-visible:outline-white" />
            <Link
              to={to(pagePath('privacy-policy'))}
              className="rounded hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              {t('footer.privacy')}
            </Link>
          </div>
        </div>
      </div>
    </footer>
  )
}
