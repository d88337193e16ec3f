import type { LucideIcon } from 'lucide-react'

import { GUARD_ATTRIBUTE } from './unsaved-changes.tsx'

/** A card of a screen made of small forms, each saved on its own (Settings, My account). */
export const cardClasses = 'rounded-lg border border-gray-200 bg-white p-5 shadow-xs sm:p-6'

/** A card's heading, which names its region (`aria-labelledby={id}` on the card). */
export function CardHeading({ id, icon: Icon, title }: { id: string; icon: LucideIcon; title: string }) {
  return (
    <h2 id={id} className="mb-3 flex items-center gap-2 text-lg font-semibold text-gray-950">
      <Icon aria-hidden="true" className="size-5 text-primary" />
      {title}
    </h2>
  )
}

/** Leaving with a changed field asks first (components/admin/unsaved-changes.tsx); saving leaves freely. */
export const guardedForm = (busy: boolean) => ({ [GUARD_ATTRIBUTE]: '', 'data-saving': busy || undefined })
