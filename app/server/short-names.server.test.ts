import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, expect, test } from 'vitest'

import { SHORT_NAMES_FILE, shortNamesOf, withShortNames } from './short-names.server.ts'

const names = {
  classes: new Map([
    ['flex', 'a'],
    ['focus-visible:outline-primary-text', 'b'],
    ['[&_h3]:mt-6', 'c'],
  ]),
  stylesheets: new Map([['/assets/public-abc.css', '/assets/public-xyz.css']]),
}

test('class attributes get the short names; a class the stylesheets do not name stays', () => {
  const html =
    '<div class="flex  rich-text\nfocus-visible:outline-primary-text"><svg class="icon flex"></svg>' +
    '<p class="[&amp;_h3]:mt-6 [&amp;_p]:mt-2" title="class=&quot;flex&quot;">flex class="flex"</p></div>'
  expect(withShortNames(html, names)).toBe(
    '<div class="a rich-text b"><svg class="icon a"></svg>' +
      '<p class="c [&amp;_p]:mt-2" title="class=&quot;flex&quot;">flex class="flex"</p></div>',
  )
})

test('links to the public stylesheets point at the sheets written with the short names', () => {
  const html =
    '<link rel="stylesheet" href="/assets/public-abc.css#" data-first-screen-styles=""/>' +
    '<link rel="stylesheet" href="/assets/admin-abc.css"/><a href="/assets/public-abc.css">the sheet</a>'
  expect(withShortNames(html, names)).toBe(
    '<link rel="stylesheet" href="/assets/public-xyz.css#" data-first-screen-styles=""/>' +
      '<link rel="stylesheet" href="/assets/admin-abc.css"/><a href="/assets/public-abc.css">the sheet</a>',
  )
})

test("a script's or a style's text is left as it is", () => {
  const html =
    '<script>el.innerHTML = \'<b class="flex">\'</script><style>.flex{display:flex}</style><b class="flex"></b>'
  expect(withShortNames(html, names)).toBe(
    '<script>el.innerHTML = \'<b class="flex">\'</script><style>.flex{display:flex}</style><b class="a"></b>',
  )
})

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-short-names-'))
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

test("the names are read from the build; without them (development) pages keep Tailwind's", () => {
  expect(shortNamesOf(clientDir).classes.size).toBe(0)
  const built = path.join(clientDir, 'built')
  fs.mkdirSync(built)
  const file = { classes: { flex: 'a' }, stylesheets: { '/assets/public-abc.css': '/assets/public-xyz.css' } }
  fs.writeFileSync(path.join(built, SHORT_NAMES_FILE), JSON.stringify(file))
  expect(shortNamesOf(built).classes).toEqual(new Map([['flex', 'a']]))
  expect(withShortNames('<b class="flex"></b>', shortNamesOf(built))).toBe('<b class="a"></b>')
  expect(withShortNames('<b class="flex"></b>', shortNamesOf(clientDir))).toBe('<b class="flex"></b>')
})
