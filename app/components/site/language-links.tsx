import { usePageLanguage } from './use-church.ts'

/** Links to this very page in each of the site's other languages (issue 28), as the header and footer show them. */
export function LanguageLinks({ className }: { className: string }) {
  const { switches } = usePageLanguage()
  return switches.map((other) => (
    <a key={other.code} href={other.href} hrefLang={other.code} className={className}>
      {other.name}
    </a>
  ))
}
