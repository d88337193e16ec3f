/** What an admin page action answers: the toast to show, and on failure the message and field errors. */
export type AdminActionResult =
  /** `view`: the public page showing what was saved, offered in the toast as "View on website". */
  | { ok: true; intent: string; toast: string; view?: string }
  | { ok: false; intent: string; toast: string; error: string; fields?: Record<string, string> }

/** An admin page action's answer when the session ran out while staff were typing: nothing is lost. */
export const SESSION_ENDED_MESSAGE =
  'Your session has ended. Sign in again in a new tab, then save again here: what you typed is kept.'

/** The red-box message for a set of field errors: the only problem itself, or a summary over a list. */
export function fieldErrorsMessage(fields: Record<string, string>) {
  const messages = Object.values(fields)
  return messages.length === 1 ? messages[0] : 'Please correct the highlighted fields'
}
