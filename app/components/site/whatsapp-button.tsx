import { MessageCircle } from '#app/components/site/icons.tsx'

import { Data } from '#app/islands/markup.ts'
import { usePageTexts } from './use-church.ts'

/**
 * The floating 'WhatsApp Us' link to the church's wa.me address (lib/phone.ts); hidden without a number. From the
 * `md` width up a pill in the bottom left corner; on a phone a round button beside the theme picker's, in the
 * bottom right corner (its name stays the same).
 */
export function WhatsAppButton({ url }: { url: string | null }) {
  const t = usePageTexts()
  if (!url) return null
  return (
    <aside
      aria-label="WhatsApp"
      {...{ [Data.floating]: true }}
      className="fixed right-[4.25rem] bottom-[calc(1rem+var(--cookie-banner-offset,0px))] z-40 md:right-auto md:left-4"
    >
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex size-11 items-center justify-center gap-2 rounded-full bg-[#15803d] text-sm font-semibold text-white shadow-lg shadow-green-900/25 transition hover:bg-[#166534] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#15803d] md:w-auto md:pr-5 md:pl-4"
      >
        <MessageCircle className="size-5 shrink-0" aria-hidden />
        <span className="sr-only md:not-sr-only">{t('whatsapp')}</span>
      </a>
    </aside>
  )
}
