import { MessageCircle } from '#app/components/site/icons.tsx'

import { Data } from '#app/islands/markup.ts'
import { usePageTexts } from './use-church.ts'

/** The floating 'WhatsApp Us' link to the church's wa.me address (lib/phone.ts); hidden without a number. */
export function WhatsAppButton({ url }: { url: string | null }) {
  const t = usePageTexts()
  if (!url) return null
  return (
    <aside
      aria-label="WhatsApp"
      {...{ [Data.floating]: true }}
      className="fixed bottom-[calc(1rem+var(--cookie-banner-offset,0px))] left-4 z-40"
    >
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex h-11 max-w-[calc(100vw-13.5rem)] items-center gap-2 rounded-full bg-[#15803d] pr-5 pl-4 text-sm font-semibold text-white shadow-lg shadow-green-900/25 transition hover:bg-[#166534] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#15803d] sm:max-w-none"
      >
        <MessageCircle className="size-5 shrink-0" aria-hidden />
        {/* Never under the theme picker on a phone: a long label is cut short (its link keeps the whole name). */}
        <span className="truncate">{t('whatsapp')}</span>
      </a>
    </aside>
  )
}
