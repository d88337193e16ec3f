import { useRouteLoaderData } from 'react-router'

import { PUBLIC_LAYOUT_ID } from '#app/lib/page-meta.ts'
import type { loader } from '#app/routes/public/_layout.tsx'

/** The church's settings loaded once by the public layout, for any component below it. */
export function useChurch() {
  const data = useRouteLoaderData<typeof loader>(PUBLIC_LAYOUT_ID)
  if (!data) throw new Error('useChurch is only available inside the public layout')
  return data.church
}
