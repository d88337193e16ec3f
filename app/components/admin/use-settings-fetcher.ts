import { useFetcher } from 'react-router'

import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { useResultToast } from './use-result-toast.ts'

/** A Settings card's fetcher (by its key), its toast, and its failure. */
export function useSettingsFetcher(key: string) {
  const fetcher = useFetcher<AdminActionResult>({ key })
  useResultToast(fetcher.data, fetcher.state === 'idle')
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null
  return { fetcher, busy: fetcher.state !== 'idle', failure }
}
