import { useRouteLoaderData } from 'react-router'

import type { loader } from '#app/routes/public/_layout.tsx'

export const PUBLIC_LAYOUT_ID = 'routes/public/_layout'

/** The church's settings loaded once by the public layout, for any component below it. */
export function useChurch() {
  const data = useRouteLoaderData<typeof loader>(PUBLIC_LAYOUT_ID)
  if (!data) throw new Error('useChurch is only available inside the public layout')
  return data.church
}
