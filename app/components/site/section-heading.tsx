import type { ReactNode } from 'react'

import { cn } from '#app/lib/cn.ts'

/** A centred section title with a small accent rule and an optional introduction. */
export function SectionHeading({
  id,
  title,
  intro,
  className,
}: {
  id?: string
  title: string
  intro?: ReactNode
  className?: string
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <h2 id={id} className="font-serif text-3xl font-bold tracking-tight text-balance md:text-4xl">
        {title}
      </h2>
      <span className="mx-auto mt-4 block h-1 w-14 rounded-full bg-secondary" aria-hidden />
      {intro ? <p className="mt-4 text-lg text-pretty text-muted-foreground">{intro}</p> : null}
    </div>
  )
}
