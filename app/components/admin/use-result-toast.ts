import { useEffect, useRef } from 'react'
import { toast } from 'sonner'

import type { AdminActionResult } from '#app/lib/admin-action-result.ts'

/** Shows the toast of a delete or reorder answer once; failures carry the reason as the toast's second line. */
export function useResultToast(
  result: AdminActionResult | undefined,
  idle: boolean,
  onFailure?: (result: AdminActionResult) => void,
) {
  const handled = useRef<AdminActionResult | null>(null)
  const onFailureRef = useRef(onFailure)
  useEffect(() => {
    onFailureRef.current = onFailure
  })
  useEffect(() => {
    if (!result || !idle || handled.current === result) return
    handled.current = result
    if (result.ok) {
      toast.success(result.toast)
    } else {
      toast.error(result.toast, { description: result.error })
      onFailureRef.current?.(result)
    }
  }, [result, idle])
}
