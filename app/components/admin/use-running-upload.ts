import { useEffect, useRef } from 'react'

/**
 * The upload running (`running`, set by the field) and whether the field is still on the page (`mounted`), for
 * the upload's callbacks to check before they set state. A form reset (Cancel, a save) unmounts the field: the
 * upload still running is stopped then, so it lands nowhere.
 */
export function useRunningUpload<Running extends { abort: () => unknown }>() {
  const running = useRef<Running | null>(null)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      // The upload running when the field leaves, not the one at mount: the field sets `running` itself.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      void running.current?.abort()
    }
  }, [])
  return { mounted, running }
}
