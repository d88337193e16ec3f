import type { ReactNode } from 'react'

import { SectionHeading } from './section-heading.tsx'
import { cn } from '#app/lib/cn.ts'

/**
 * A band of a public page with a centred heading: on the page's background or, with `surface`, on the alternate
 * one. `inner` sets the content's width and spacing.
 */
export function PageSection({
  id,
  title,
  intro,
  surface,
  inner = 'max-w-7xl py-20',
  children,
}: {
  id: string
  title: string
  intro?: ReactNode
  surface?: boolean
  inner?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={surface ? 'bg-surface' : undefined}>
      <div className={cn('mx-auto px-4 sm:px-6 lg:px-8', inner)}>
        <SectionHeading id={id} title={title} intro={intro} />
        {children}
      </div>
    </section>
  )
}
