/**
 * The activity log's words (browser-safe): what each stored action reads as to staff (the sections' words are the
 * kinds' own, app/server/activity.server.ts). The log stores the keys, so a screen renamed later renames its past
 * entries too; a key this list does not know reads as itself.
 */

export const ACTIVITY_ACTIONS = {
  created: 'Created',
  changed: 'Changed',
  deleted: 'Deleted',
  reordered: 'Reordered',
  uploaded: 'Uploaded',
  moved: 'Moved',
  erased: 'Deleted',
  exported: 'Exported',
  viewed: 'Viewed',
  sent: 'Sent',
  signed_in: 'Signed in',
  invited: 'Invited',
  role_changed: 'Changed the role of',
  removed: 'Removed',
  joined: 'Accepted the invitation',
  password_reset: 'Reset their password by an e-mailed link',
  signed_out_others: 'Signed out their other sessions',
} as const

export type ActivityAction = keyof typeof ACTIVITY_ACTIONS

/** A stored key no list knows, as words: `tax_reclaim` → `Tax reclaim`. */
export const readableKey = (key: string) => {
  const words = key.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function activityActionLabel(action: string): string {
  return Object.hasOwn(ACTIVITY_ACTIONS, action)
    ? ACTIVITY_ACTIONS[action as ActivityAction]
    : readableKey(action)
}

/** How long entries are kept. */
export const ACTIVITY_RETENTION_MONTHS = 12

/** One entry as the screens show it: worked out on the server, in the church's time zone. */
export interface ActivityRow {
  id: string
  /** ISO 8601, for `<time dateTime>`. */
  at: string
  /** `Today, 14:02`, `Yesterday, 09:15`, `Mon 23 Nov, 18:30`, `Thu 4 Dec 2025, 10:00`. */
  when: string
  person: string
  email: string
  /** What was done, lower case: `created`, `signed in`, `changed the role of`… */
  verb: string
  /** The item it was done to, quoted on screen when it is a title staff gave (null when there is none). */
  item: string | null
  quoted: boolean
  section: string
}
