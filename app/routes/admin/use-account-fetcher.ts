import { useState } from 'react'
import { useFetcher } from 'react-router'

import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import type { AccountActionResult } from '#app/server/account.server.ts'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'

/** A form's fetcher, its toast, its failure, and a key that changes after each success (to empty the form). */
export function useAccountFetcher(key: string) {
  const fetcher = useFetcher<AccountActionResult>({ key })
  const idle = fetcher.state === 'idle'
  useResultToast(fetcher.data, idle)
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null
  const [saved, setSaved] = useState(0)
  const [seen, setSeen] = useState<AdminActionResult | undefined>(undefined)
  if (idle && fetcher.data !== seen) {
    setSeen(fetcher.data)
    if (fetcher.data?.ok) setSaved((count) => count + 1)
  }
  return { fetcher, busy: !idle, failure, saved }
}
