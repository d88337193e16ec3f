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
  const known = cleaned.get(dirty)
  if (known !== undefined) return known
  const clean = sanitize(dirty, OPTIONS).trim() || null
  if (rememberedLength + dirty.length > MAX_REMEMBERED_LENGTH) {
    cleaned.clear()
    rememberedLength = 0
  }
  cleaned.set(dirty, clean)
  rememberedLength += dirty.length
  return clean
}

/**
 * What each text last cleaned gave: pages clean the same stored descriptions on every render, and parsing them
 * into a DOM each time was a few % of a page's CPU. The same input always gives the same output (OPTIONS never
 * change), so no change of content can make an answer stale; the texts kept are bounded by their length.
 */
const cleaned = new Map<string, string | null>()
let rememberedLength = 0
const MAX_REMEMBERED_LENGTH = 1_000_000
