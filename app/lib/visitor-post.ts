/**
 * What every visitor's post shares (the contact form, an event's sign-up, the weekly news' sign-up, a gift): the
 * names of its two hidden fields. The server's side (limits, the token's check, spam) is
 * app/server/visitor-posts.server.ts; the form's markup, app/components/site/visitor-post-fields.tsx. Plain
 * constants, no zod: the forms' pages import them.
 */

/** Name of the hidden field that people never fill in and spam robots do. */
export const HONEYPOT_FIELD = 'website'
/** Name of the hidden field holding the signed time the form was rendered (app/server/spam.server.ts). */
export const FORM_TOKEN_FIELD = 'form_token'

/** Whether a post filled in the honeypot: a robot, answered like a success and kept nowhere. */
export function honeypotFilled(data: Record<string, unknown>) {
  const honeypot = data[HONEYPOT_FIELD]
  return typeof honeypot === 'string' && honeypot.trim() !== ''
}
