import type { ReactNode } from 'react'

import { PageHero } from '#app/components/site/page-hero.tsx'

/** A page of one card under its title: a form, a link's question or what came of it. */
export function CardPage({
  title,
  intro,
  role,
  children,
}: {
  title: string
  intro?: ReactNode
  /** `alert` for a card that says something went wrong. */
  role?: 'alert'
  children: ReactNode
}) {
  return (
    <>
      <PageHero title={title} intro={intro} />
      <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <div role={role} className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
          {children}
        </div>
      </section>
    </>
  )
}
