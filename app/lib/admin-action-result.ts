/** What an admin page action answers: the toast to show, and on failure the message and field errors. */
export type AdminActionResult =
  | { ok: true; intent: string; toast: string }
  | { ok: false; intent: string; toast: string; error: string; fields?: Record<string, string> }

/** The red-box message for a set of field errors: the only problem itself, or a summary over a list. */
export function fieldErrorsMessage(fields: Record<string, string>) {
  const messages = Object.values(fields)
  return messages.length === 1 ? messages[0] : 'Please correct the highlighted fields'
}
