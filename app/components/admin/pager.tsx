import { ChevronLeft, ChevronRight } from 'lucide-react'

import { PageLink } from '#app/components/admin/page-link.tsx'

/** One way through a long list ("Previous", "Older"): its words, and what a screen reader says for it. */
interface PagerStep {
  text: string
  label: string
}

/** A long list's pages: back, "Page 2 of 9", forward; nothing when the list fits on one page. */
export function Pager({
  page,
  pageCount,
  href,
  label,
  previous,
  next,
}: {
  page: number
  pageCount: number
  href: (page: number) => string
  /** The navigation's name for a screen reader ("Pages of messages"). */
  label: string
  previous: PagerStep
  next: PagerStep
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <PageLink to={href(page - 1)} disabled={page <= 1} label={previous.label}>
        <ChevronLeft aria-hidden="true" />
        {previous.text}
      </PageLink>
      <span className="text-gray-600">
        Page {page} of {pageCount}
      </span>
      <PageLink to={href(page + 1)} disabled={page >= pageCount} label={next.label}>
        {next.text}
        <ChevronRight aria-hidden="true" />
      </PageLink>
    </nav>
  )
}
