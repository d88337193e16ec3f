import { useEffect } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router'

import type { Route } from './+types/root.ts'
import { useNonce } from './lib/nonce-provider.tsx'
import { describeRouteError } from './lib/route-error.ts'
import { pageLanguageTag, PUBLIC_LAYOUT_ID, type PublicLayoutData } from './lib/page-meta.ts'
import adminStyles from './styles/admin.css?url'
import publicFirstStyles from './styles/public-first.css?url'
import publicStyles from './styles/public.css?url'
import { useFirstScreenStyles } from './components/site/rest-of-styles.tsx'
import { Data } from './islands/markup.ts'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' }]

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  // Only the admin is a React application in the browser. Public pages are server-rendered documents with one
  // small script of their own (app/routes/public/_layout.tsx, decisions 0013, 0031): no framework to load.
  const application = useLocation().pathname.startsWith('/admin')
  const firstScreen = useFirstScreenStyles()
  // A public page's language (issue 28): the main one's pages keep the regional tag they always had (`en-IE`),
  // the same as their structured data's `inLanguage`.
  const site = (useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined)?.site
  const lang = site ? pageLanguageTag(site) : 'en-IE'
  useEffect(() => {
    // Lets tests and monitoring tell when the page has become interactive (error pages too).
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    // The public site's theme script sets the theme's class, style and data attributes on <html> before
    // hydration (app/lib/themes.ts); React is told not to expect them.
    <html lang={lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* The admin's stylesheet has every utility class; the public one only the public pages' (a third of it),
            or on the home only its first screen's (the rest follows its first band: RestOfStyles). */}
        {firstScreen && !application ? (
          <link rel="stylesheet" href={publicFirstStyles} {...{ [Data.firstScreenStyles]: '' }} />
        ) : (
          <link rel="stylesheet" href={application ? adminStyles : publicStyles} />
        )}
        <Links />
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        {application ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const { status, text } = describeRouteError(error)
  return (
    <main className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>{`${status} · Unexpected Application Error!`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg">
        {status} {text}
      </p>
      <a className="mt-8 inline-block underline" href="/">
        Go to the home page
      </a>
    </main>
  )
}
