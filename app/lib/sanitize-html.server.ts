import sanitize from 'sanitize-html'

const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
]

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside script/style/etc. is dropped with the tag, never shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? ''
      const external = /^https?:\/\//i.test(href)
      const attributes: Record<string, string> = {}
      if (href) attributes.href = href
      if (external) {
        attributes.target = '_blank'
        attributes.rel = 'noopener noreferrer'
      }
      return { tagName, attribs: attributes }
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
}

/**
 * Cleans rich text from the admin editor with an allow-list so it can be rendered as HTML.
 *
 * @param dirty - HTML from a form, the API or the database; null and undefined give null.
 * @returns Markup holding only p, br, h2–h4, strong/b, em/i, u, ul/ol/li, blockquote and links with http(s),
 *   mailto or tel addresses (external links open in a new tab with `rel="noopener noreferrer"`); every
 *   attribute but those is removed, as are scripts, styles and event handlers.
 */
export function sanitizeHtml(dirty: string | null | undefined): string | null {
  if (dirty === null || dirty === undefined) return null
  const clean = sanitize(dirty, OPTIONS).trim()
  return clean === '' ? null : clean
}
