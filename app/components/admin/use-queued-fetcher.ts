import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'

import type { AdminActionResult } from '#app/lib/admin-action-result.ts'

type Payload = Record<string, string>

/**
 * A fetcher that sends one request at a time. A plain fetcher aborts its request in flight when asked to send
 * another, and the server may then run the two in either order; deleting two items or moving one twice in quick
 * succession must not depend on that.
 */
export function useQueuedFetcher() {
  const fetcher = useFetcher<AdminActionResult>()
  const [queue, setQueue] = useState<Payload[]>([])

  useEffect(() => {
    if (fetcher.state !== 'idle' || queue.length === 0) return
    const [next, ...rest] = queue
    void fetcher.submit(next, { method: 'post' })
    setQueue(rest)
  }, [fetcher, queue])

  /** Queues a request; with `replace`, it takes the place of any still waiting (only the latest matters). */
  function submit(payload: Payload, { replace = false } = {}) {
    setQueue((current) => (replace ? [payload] : [...current, payload]))
  }

  // What is being sent now, then what waits, oldest first.
  const sending = fetcher.formData ? [Object.fromEntries(fetcher.formData) as Payload] : []
  return { fetcher, submit, pending: [...sending, ...queue] }
}
