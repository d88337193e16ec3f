import { usePageLanguage } from '#app/components/site/use-church.ts'

import { SermonFacts } from './sermon-facts.tsx'
import type { SermonCardData } from './sermon-text.ts'
import { pagePath } from '#app/content/registry.ts'

/** One sermon in a list: its title (the link to its page), when, who, which series and passage. */
export function SermonCard({ sermon }: { sermon: SermonCardData }) {
  const { to } = usePageLanguage()
  return (
    <article className="flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-sm">
      {sermon.series ? (
        <p className="text-xs font-semibold tracking-wide text-primary-text uppercase">
          <a href={to(pagePath('sermon-series', { id: sermon.series.id }))} className="hover:underline">
            {sermon.series.title}
          </a>
        </p>
      ) : null}
      <h3 className="mt-2 font-serif text-xl font-bold">
        <a
          href={to(pagePath('sermon', { id: sermon.id }))}
          className="hover:text-primary-text hover:underline"
        >
          {sermon.title}
        </a>
      </h3>
      <SermonFacts
        sermon={sermon}
        className="mt-3 space-y-1.5 text-sm text-muted-foreground"
        iconClassName="size-4 shrink-0"
      />
    </article>
  )
}
