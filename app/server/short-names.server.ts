import fs from 'node:fs'
import path from 'node:path'

/**
 * Written by the build beside the public stylesheets (vite-plugins/short-class-names.ts, decision 0030); server.js
 * serves no dotfile of the client build.
 */
export const SHORT_NAMES_FILE = '.short-names.json'

/** The build's short name of each class of the public stylesheets, and the address of each sheet written with them. */
export type ShortNamesFile = { classes: Record<string, string>; stylesheets: Record<string, string> }
export type ShortNames = { classes: ReadonlyMap<string, string>; stylesheets: ReadonlyMap<string, string> }

const NONE: ShortNames = { classes: new Map(), stylesheets: new Map() }
const loaded = new Map<string, ShortNames>()

/** The short names of the build in `clientDir`; none when it has none (development). */
export function shortNamesOf(clientDir: string): ShortNames {
  let names = loaded.get(clientDir)
  if (!names) {
    try {
      const file = JSON.parse(
        fs.readFileSync(path.join(clientDir, SHORT_NAMES_FILE), 'utf8'),
      ) as ShortNamesFile
      names = {
        classes: new Map(Object.entries(file.classes)),
        stylesheets: new Map(Object.entries(file.stylesheets)),
      }
    } catch {
      names = NONE
    }
    loaded.set(clientDir, names)
  }
  return names
}

// A script's or a style's text is left as it is; otherwise a start tag, whose attributes React wrote with `"`,
// `<` and `>` escaped inside them.
const RAW_TEXT_OR_TAG = /<(script|style)\b[^>]*>[^]*?<\/\1>|<[a-zA-Z][^>]*>/g
const CLASS_ATTRIBUTE = /(\sclass=")([^"]*)"/
const STYLESHEET_ADDRESS = /(\shref=")([^"#]*)/

// What React escapes in an attribute (`[&_h3]:mt-6` is written `[&amp;_h3]:mt-6`).
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
}
const unescape = (text: string) => text.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES[entity])

/**
 * The page with the build's short names in its class attributes (a class the stylesheets do not name stays as it
 * is) and its links to the public stylesheets pointing at the sheets written with them.
 */
export function withShortNames(html: string, { classes, stylesheets }: ShortNames) {
  if (classes.size === 0) return html
  const shorten = shortListsOf(classes)
  return html.replace(RAW_TEXT_OR_TAG, (tag, rawText: string | undefined) => {
    if (rawText) return tag
    const named = tag.replace(
      CLASS_ATTRIBUTE,
      (_, start: string, list: string) => `${start}${shorten(list)}"`,
    )
    return named.startsWith('<link')
      ? named.replace(STYLESHEET_ADDRESS, (link, start: string, href: string) =>
          stylesheets.has(href) ? `${start}${stylesheets.get(href)}` : link,
        )
      : named
  })
}

/** Past this many different class lists, a list is shortened each time it comes, as before. */
const MAX_REMEMBERED_LISTS = 5_000
const shortLists = new WeakMap<ReadonlyMap<string, string>, (list: string) => string>()

/**
 * A class attribute's value with the short names, each distinct value worked out once per build: the pages repeat
 * a few hundred lists, and splitting and looking up each one again was 5% of a home page's CPU.
 */
function shortListsOf(classes: ReadonlyMap<string, string>) {
  let shorten = shortLists.get(classes)
  if (!shorten) {
    const remembered = new Map<string, string>()
    shorten = (list) => {
      let short = remembered.get(list)
      if (short === undefined) {
        short = list
          .split(/\s+/)
          .filter(Boolean)
          .map((name) => classes.get(unescape(name)) ?? name)
          .join(' ')
        // NOTE: `list` is a piece of the page's text (and so may be `short`, a list of one unknown name), and V8
        // may keep the whole page alive for it: what is kept is a copy of its own.
        if (remembered.size < MAX_REMEMBERED_LISTS)
          remembered.set(Buffer.from(list).toString(), Buffer.from(short).toString())
      }
      return short
    }
    shortLists.set(classes, shorten)
  }
  return shorten
}
