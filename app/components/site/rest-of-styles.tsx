import { useMatches } from 'react-router'

import { Data } from '#app/islands/markup.ts'
import { PUBLIC_LAYOUT_ID, type PublicLayoutData } from '#app/lib/page-meta.ts'
import publicStyles from '#app/styles/public.css?url'

/** What a page's route module exports (`export const handle = FIRST_SCREEN_STYLES`) to take RestOfStyles up. */
export const FIRST_SCREEN_STYLES = { firstScreenStyles: true } as const

/**
 * Whether this page carries only its first screen's rules in the head (public-first.css) and RestOfStyles after
 * its first band. Only where that was measured to paint the largest element sooner (issue 30, decision 0028):
 * the home, whose largest paint is its first band's picture. On an inner page it is a card's picture below the
 * band, which would then wait for the rest of the styles, so those pages keep the whole sheet in their head.
 */
export function useFirstScreenStyles() {
  const matches = useMatches()
  // An address the home's route takes but no page answers (`/no-such-page`) is the layout's 404, not the home.
  const site = matches.find((match) => match.id === PUBLIC_LAYOUT_ID)?.data as PublicLayoutData | undefined
  return (
    site?.site.known !== false &&
    matches.some(
      (match) =>
        (match.handle as Partial<typeof FIRST_SCREEN_STYLES> | undefined)?.firstScreenStyles === true,
    )
  )
}

/**
 * The public site's whole stylesheet, linked right after a page's first band (and first in its error boundary):
 * the first screen paints from the rules written into the head (public-first.css); what follows this link is
 * parsed once these styles are in, so nothing is ever shown unstyled.
 */
export function RestOfStyles() {
  return <link rel="stylesheet" href={publicStyles} {...{ [Data.restOfStyles]: '' }} />
}
