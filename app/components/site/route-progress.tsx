import NProgress from 'nprogress'
import { useEffect } from 'react'
import { useNavigation } from 'react-router'

NProgress.configure({ minimum: 0.1, trickleSpeed: 200, showSpinner: false })

/** The thin bar at the top of the window while a new page loads (spec §2, §9). */
export function RouteProgress() {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  useEffect(() => {
    if (busy) NProgress.start()
    else NProgress.done()
  }, [busy])
  useEffect(() => () => void NProgress.done(), [])
  return null
}
