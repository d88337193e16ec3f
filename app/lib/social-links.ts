/** The social networks church info may link to, in the footer's order. */
export const SOCIAL_NETWORKS = [
  { field: 'facebook_url', network: 'facebook', label: 'Facebook' },
  { field: 'instagram_url', network: 'instagram', label: 'Instagram' },
  { field: 'youtube_url', network: 'youtube', label: 'YouTube' },
] as const

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]['network']

type SocialFields = { [K in (typeof SOCIAL_NETWORKS)[number]['field']]?: string | null }

/** The church's social profiles that are set, for the footer's Follow Us and the structured data's sameAs. */
export function socialLinks(info: SocialFields | null | undefined) {
  return SOCIAL_NETWORKS.flatMap(({ field, network, label }) => {
    const url = info?.[field]
    return url ? [{ network, label, url }] : []
  })
}
