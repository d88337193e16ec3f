import fs from 'node:fs'

// A link written in keeps its mark of the home's first screen's rules (`data-first-screen-styles`, decision 0028).
const STYLESHEET =
  /<link(?: nonce="[^"]*")? rel="stylesheet" href="(\/assets\/[\w.-]+\.css)#?"( data-first-screen-styles="")?\/>/g
const stylesheets = new Map<string, string | null>()

/**
 * Writes the page's own stylesheets into it (decision 0013): a public page then paints with nothing else to
 * fetch first — the hero picture is the only request on the way to the largest paint. The files are read once
 * from the client build (`clientDir`) and kept; a link whose file cannot be read stays a link.
 */
export function inlineStylesheets(html: string, clientDir: string) {
  return html.replace(STYLESHEET, (tag, href: string, mark = '') => {
    if (!stylesheets.has(href)) {
      let css: string | null = null
      try {
        css = fs.readFileSync(`${clientDir}${href}`, 'utf8')
      } catch {
        // Not built (development) or moved: the link does the job.
      }
      stylesheets.set(href, css && !css.includes('</') ? css : null)
    }
    const css = stylesheets.get(href)
    return css ? `<style${mark}>${css}</style>` : tag
  })
}
