import { cn } from '#app/lib/cn.ts'
import { STATUS_LABELS } from '#app/content/messages/status.ts'
import type { MessageStatus } from '#app/content/messages/schema.ts'

const COLOURS: Record<MessageStatus, string> = {
  new: 'bg-primary text-white',
  read: 'bg-gray-100 text-gray-700',
  replied: 'bg-green-100 text-green-900',
  archived: 'bg-gray-100 text-gray-700',
  spam: 'bg-amber-100 text-amber-900',
}

/** A message's state as a small label. */
export function StatusBadge({ status, className }: { status: MessageStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        COLOURS[status],
        className,
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  )
}
