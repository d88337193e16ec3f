import fs from 'node:fs'

import { expect, test } from 'vitest'

const read = (path: string) => fs.readFileSync(new URL(path, import.meta.url), 'utf8')

/** The values markup.ts declares (its enums are `const`, so they exist only as text to read). */
const declared = new Set(
  [...read('./markup.ts').matchAll(/^\s+\w+ = '([^']+)',$/gm)].map((match) => match[1]),
)

/** Attributes of <html> that the <head> boot script sets (app/lib/theme-boot-script.ts), not a component. */
const ROOT_ATTRIBUTES = ['data-theme', 'data-cookie-consent']

test('site.css styles only the data-* attributes and dialog ids that markup.ts declares', () => {
  const css = read('../components/site/site.css').replaceAll(/\/\*[\s\S]*?\*\//g, '')
  const attributes = new Set([...css.matchAll(/\[(data-[\w-]+)/g)].map((match) => match[1]))
  const ids = new Set([...css.matchAll(/#([a-z][\w-]*)/g)].map((match) => match[1]))
  expect(attributes.size, 'site.css selects by data-* attributes').toBeGreaterThan(0)
  const undeclared = [...attributes, ...ids].filter(
    (name) => !declared.has(name) && !ROOT_ATTRIBUTES.includes(name),
  )
  expect(undeclared, 'rename them in site.css, or declare them in app/islands/markup.ts').toEqual([])
})
