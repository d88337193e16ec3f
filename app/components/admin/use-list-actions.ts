import { useEffect, useState } from 'react'

import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import type { MoveDirection } from './item-list.tsx'
import { useQueuedFetcher } from './use-queued-fetcher.ts'
import { useResultToast } from './use-result-toast.ts'

/**
 * A list screen's deletes and moves, queued so each is sent in turn: the items as they are to be shown (the newest
 * order asked for while it is saved), those being deleted (dimmed), and what the Delete and Move buttons call.
 */
export function useListActions<T extends { id: string }>(
  items: readonly T[],
  refresh: (result: AdminActionResult) => void,
) {
  const deletes = useQueuedFetcher()
  useResultToast(deletes.fetcher.data, deletes.fetcher.state === 'idle', refresh)
  const reorders = useQueuedFetcher()
  useResultToast(reorders.fetcher.data, reorders.fetcher.state === 'idle', refresh)

  // Show the newest order asked for while it is being saved, and dim the items being deleted.
  let shown: readonly T[] = items
  const wanted = reorders.pending.at(-1)?.ids
  if (wanted) {
    const byId = new Map(items.map((item) => [item.id, item]))
    const reordered = (JSON.parse(wanted) as string[]).map((id) => byId.get(id))
    if (reordered.length === items.length && reordered.every(Boolean)) shown = reordered as T[]
  }
  const busyIds = new Set(deletes.pending.map((payload) => payload.id))

  const [moved, setMoved] = useState<{ id: string; direction: MoveDirection } | null>(null)
  // A move to the first or last place disables the pressed button; keep focus on the item's other one.
  useEffect(() => {
    if (!moved) return
    const pressed = document.getElementById(`move-${moved.direction}-${moved.id}`) as HTMLButtonElement | null
    if (pressed?.disabled) {
      const other = moved.direction === 'up' ? 'down' : 'up'
      document.getElementById(`move-${other}-${moved.id}`)?.focus()
    }
  }, [moved, shown])

  function move(index: number, direction: MoveDirection) {
    const target = direction === 'up' ? index - 1 : index + 1
    if (target < 0 || target >= shown.length) return
    const ids = shown.map((item) => item.id)
    ;[ids[index], ids[target]] = [ids[target], ids[index]]
    setMoved({ id: shown[index].id, direction })
    reorders.submit({ intent: 'reorder', ids: JSON.stringify(ids) }, { replace: true })
  }

  return {
    shown,
    busyIds,
    move,
    remove: (item: T) => deletes.submit({ intent: 'delete', id: item.id }),
  }
}
