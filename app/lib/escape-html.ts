/** Text made safe to put inside HTML, in an element or a quoted attribute (the e-mails' HTML parts). */
export function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  )
}
