import { Link } from 'react-router'

import { buttonClasses } from '#app/components/site/button-classes.ts'
import { CardPage } from '#app/components/site/card-page.tsx'

/** The page of an e-mail's link that names nothing it may act on: what went wrong, and where to go instead. */
export function InvalidLinkPage({
  title,
  heading,
  text,
  to,
  linkText,
}: {
  title: string
  heading: string
  text: string
  /** Where the visitor may go instead, in the page's language. */
  to: string
  linkText: string
}) {
  return (
    <CardPage title={title} role="alert">
      <h2 className="font-serif text-2xl font-bold">{heading}</h2>
      <p className="mt-2 text-foreground/80">{text}</p>
      <Link to={to} className={buttonClasses({ variant: 'outline', className: 'mt-6' })}>
        {linkText}
      </Link>
    </CardPage>
  )
}
