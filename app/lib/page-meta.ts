/** The route id React Router gives the public layout (its file path). */
export const PUBLIC_LAYOUT_ID = 'routes/public/_layout'

interface MetaMatch {
  id: string
  loaderData?: unknown
}

/** The church's name as the public layout loaded it, for page titles. */
export function churchNameFrom(matches: ReadonlyArray<MetaMatch | undefined>) {
  const layout = matches.find((match) => match?.id === PUBLIC_LAYOUT_ID)
  const data = layout?.loaderData as { church?: { name?: string } } | undefined
  return data?.church?.name ?? 'Our Church'
}

/** A public page's title ('Events | IPC Cork') and meta description. */
export function pageMeta(matches: ReadonlyArray<MetaMatch | undefined>, title: string, description: string) {
  const name = churchNameFrom(matches)
  return [
    { title: title ? `${title} | ${name}` : name },
    { name: 'description', content: description.replaceAll('{church}', name) },
  ]
}
