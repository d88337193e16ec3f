import { Archive, Inbox, ShieldCheck, Trash2, X } from 'lucide-react'

import { ConfirmActionDialog } from '#app/components/admin/confirm-action-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { MessageStatus } from './schema.ts'
import type { MessageFilterName } from './status.ts'

/** What the selected messages can be moved to, from the filter they are shown in. */
function moveFor(status: MessageFilterName): { label: string; status: MessageStatus; icon: typeof Archive } {
  if (status === 'archived') return { label: 'Move to inbox', status: 'read', icon: Inbox }
  if (status === 'spam') return { label: 'Not spam', status: 'read', icon: ShieldCheck }
  return { label: 'Archive', status: 'archived', icon: Archive }
}

/** The actions on the selected messages, shown while some are selected. */
export function SelectionBar({
  count,
  status,
  onBulk,
  onClear,
}: {
  count: number
  status: MessageFilterName
  onBulk: (fields: Record<string, string>) => void
  onClear: () => void
}) {
  const move = moveFor(status)
  return (
    <div
      role="region"
      aria-label="Selected messages"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2 text-sm"
    >
      <span className="mr-auto font-medium text-gray-950">{count} selected</span>
      <Button size="sm" variant="outline" onClick={() => onBulk({ intent: 'status', status: move.status })}>
        <move.icon aria-hidden="true" />
        {move.label}
      </Button>
      <ConfirmActionDialog
        title={`Delete ${count} ${count === 1 ? 'message' : 'messages'}?`}
        description="The selected messages will be deleted for good. This cannot be undone."
        confirm="Delete"
        onConfirm={() => onBulk({ intent: 'delete' })}
      >
        <Button size="sm" variant="outline" className="text-red-700 hover:text-red-800">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </ConfirmActionDialog>
      <Button size="sm" variant="ghost" onClick={onClear}>
        <X aria-hidden="true" />
        Clear selection
      </Button>
    </div>
  )
}
