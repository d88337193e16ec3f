import { Check } from '#app/components/site/icons.tsx'
import type { ReactNode } from 'react'

import { RichText } from '#app/components/site/rich-text.tsx'
import { SiteImage } from '#app/components/site/site-image.tsx'
import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import { cn } from '#app/lib/cn.ts'
import type { ImageSource } from '#app/lib/images.ts'

export interface MinistryCardData {
  id: string
  name: string
  description: string | null
  activities: string[]
  image_url: string | null
  image_alt: string | null
  image: ImageSource
  /** Fields shown in the main language on a page in another (issue 28). */
  untranslated?: string[]
}

interface MinistryCardProps {
  ministry: MinistryCardData
  /** Home shows three lines of the description and no activities. */
  compact?: boolean
  action: ReactNode
  /** Anchors /ministries#{id} links from the home page. */
  anchor?: boolean
  headingLevel?: 'h2' | 'h3'
  /** The first card of a page: its picture is likely the largest thing on a phone's first screen. */
  priority?: boolean
}

export function MinistryCard({
  ministry,
  compact = false,
  action,
  anchor = false,
  headingLevel: Heading = 'h3',
  priority = false,
}: MinistryCardProps) {
  const { langOf } = usePageLanguage()
  const t = usePageTexts()
  return (
    <article
      id={anchor ? ministry.id : undefined}
      className="group flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition duration-300 hover:shadow-xl hover:shadow-stone-900/10"
    >
      <div className={cn('overflow-hidden bg-surface', compact ? 'aspect-[4/3]' : 'aspect-[16/9]')}>
        <SiteImage
          image={ministry.image}
          // The description is of the picture uploaded: the stand-in picture is named by the ministry.
          alt={(ministry.image_url && ministry.image_alt) || ministry.name}
          priority={priority}
          sizes={
            compact
              ? '(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw'
              : '(min-width: 768px) 50vw, 100vw'
          }
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <Heading
          className={cn('font-serif font-bold', compact ? 'text-lg' : 'text-2xl')}
          lang={langOf(ministry, 'name')}
        >
          {ministry.name}
        </Heading>
        <RichText
          html={ministry.description}
          lang={langOf(ministry, 'description')}
          className={cn('mt-3 text-[15px] leading-relaxed text-foreground/80', compact && 'line-clamp-3')}
        />
        {!compact && ministry.activities.length > 0 ? (
          <div className="mt-5 rounded-xl bg-surface p-4">
            <p className="text-sm font-semibold">{t('ministries.activities')}</p>
            <ul className="mt-2 space-y-1.5 text-sm text-foreground/80" lang={langOf(ministry, 'activities')}>
              {ministry.activities.map((activity) => (
                <li key={activity} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary-text" aria-hidden />
                  {activity}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="mt-auto pt-6">{action}</div>
      </div>
    </article>
  )
}
