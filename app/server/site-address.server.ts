import crypto from 'node:crypto'

import type { Db } from '#app/db/database.server.ts'
import { getSiteAddress } from '#app/models/settings.server.ts'

/**
 * The site's address (decision 0018): PUBLIC_URL's origin, else the one an administrator confirmed in Settings,
 * else none. Every link that leaves the server (e-mails, calendar UIDs, share images) is made from it, never from
 * a request's Host.
 */
export interface SiteAddress {
  /** PUBLIC_URL's origin, when set (Settings then shows it and offers no change). */
  fixed: string | null
  /** The site's origin, or null while none is known. */
  get: () => Promise<string | null>
  /** What `get` last found (synchronous, for the page cache's keys); PUBLIC_URL's at once. */
  known: () => string | null
}

export function createSiteAddress({ db, publicUrl }: { db: Db; publicUrl?: string }): SiteAddress {
  const fixed = publicUrl ? new URL(publicUrl).origin : null
  // Read again after every content change: saving the address bumps the version, in every worker and instance.
  let cached: { version: number; value: string | null } | null = null
  return {
    fixed,
    known: () => fixed ?? cached?.value ?? null,
    async get() {
      if (fixed) return fixed
      const version = db.contentVersion.current()
      if (cached?.version === version) return cached.value
      const value = await getSiteAddress({ db })
      cached = { version, value }
      return value
    },
  }
}

/**
 * The origin to build an e-mail's links with: the site's address, or while none is known a placeholder of its
 * own (random, so no text a visitor typed can match it), which the mail worker replaces with the address once
 * there is one. Pass the placeholder to the outbox: the e-mail is held until then.
 */
export async function mailLinkOrigin(siteAddress: Pick<SiteAddress, 'get'>) {
  const origin = await siteAddress.get()
  if (origin) return { origin, placeholder: null }
  const placeholder = `https://site-address-${crypto.randomBytes(12).toString('hex')}.invalid`
  return { origin: placeholder, placeholder }
}
