/**
 * Text made safe to put inside markup: the one home of the site's escapers (issue 46; there were four).
 */

/** Inside HTML, in an element or a quoted attribute (the e-mails' HTML parts). */
export function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  )
}

/** Inside XML (the sitemap) or Pango's markup (the share images' and podcast pictures' words): `&apos;` for a quote. */
export function escapeXml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  )
}
