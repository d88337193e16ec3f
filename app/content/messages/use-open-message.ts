import { useEffect, useRef, useState } from 'react'
import { useFetcher, useLocation, useNavigate } from 'react-router'

import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import type { ContactMessage } from './schema.ts'

/**
 * The message open in the dialog, by id: its state follows the list as it reloads after each action. `opened` is
 * the one an alert e-mail's link asked for; `listHref` is the list's address without it.
 */
export function useOpenMessage({
  items,
  opened,
  listHref,
}: {
  items: readonly ContactMessage[]
  opened: ContactMessage | null
  listHref: string
}) {
  const navigate = useNavigate()
  const location = useLocation()
  const reading = useFetcher<AdminActionResult>({ key: 'inbox-read' })
  const [openId, setOpenId] = useState<string | null>(opened?.id ?? null)
  const lastOpen = useRef<ContactMessage | null>(opened)
  const opener = useRef<HTMLElement | null>(null)
  const openMessage =
    openId === null
      ? null
      : (items.find((message) => message.id === openId) ??
        (opened?.id === openId ? opened : null) ??
        (lastOpen.current?.id === openId ? lastOpen.current : null))
  useEffect(() => {
    if (openMessage) lastOpen.current = openMessage
  })

  // Opening a new message marks it read (the admin bar's count goes down with the next load).
  const openedNew = openMessage?.status === 'new' ? openMessage.id : null
  useEffect(() => {
    if (openedNew) void reading.submit({ intent: 'open', id: openedNew }, { method: 'post' })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per message opened
  }, [openedNew])

  function open(message: ContactMessage, from: HTMLElement | null) {
    opener.current = from
    setOpenId(message.id)
  }

  function close() {
    setOpenId(null)
    // Opened from an e-mail's link: the address forgets it, so a reload does not open it again.
    if (new URLSearchParams(location.search).has('message')) {
      void navigate(listHref, { replace: true, preventScrollReset: true })
    }
  }

  return { openMessage, open, close, returnFocus: () => opener.current }
}
