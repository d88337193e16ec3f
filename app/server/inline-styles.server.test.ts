import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, expect, test } from 'vitest'

import { inlineStylesheets } from './inline-styles.server.ts'

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lampstand-styles-'))
fs.mkdirSync(path.join(clientDir, 'assets'))
fs.writeFileSync(path.join(clientDir, 'assets', 'site-abc.css'), 'body{color:red}')
fs.writeFileSync(path.join(clientDir, 'assets', 'odd-abc.css'), 'a{content:"</style><script>"}')
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

test('a built stylesheet is written into the page; a missing or unsafe one stays a link', () => {
  const html = [
    '<link nonce="n0nce==" rel="stylesheet" href="/assets/site-abc.css#"/>',
    '<link rel="stylesheet" href="/assets/missing-abc.css"/>',
    '<link rel="stylesheet" href="/assets/odd-abc.css"/>',
    '<link rel="stylesheet" href="https://elsewhere.example/x.css"/>',
  ].join('')
  expect(inlineStylesheets(html, clientDir)).toBe(
    [
      '<style>body{color:red}</style>',
      '<link rel="stylesheet" href="/assets/missing-abc.css"/>',
      '<link rel="stylesheet" href="/assets/odd-abc.css"/>',
      '<link rel="stylesheet" href="https://elsewhere.example/x.css"/>',
    ].join(''),
  )
})

test("a page keeps one link to the rest of the styles: its first band's, else the layout's fallback", () => {
  const rest = (kind: string) =>
    `<link rel="stylesheet" href="/assets/public-abc.css" data-rest-of-styles="${kind}"/>`
  const head = '<link rel="stylesheet" href="/assets/site-abc.css" data-first-screen-styles=""/>'
  // A first band's link is kept and the fallback before it goes; the first screen's sheet is written in, marked.
  expect(
    inlineStylesheets(
      `${head}<main>${rest('fallback')}<section></section>${rest('')}<p></p></main>`,
      clientDir,
    ),
  ).toBe(
    `<style data-first-screen-styles="">body{color:red}</style><main><section></section>${rest('')}<p></p></main>`,
  )
  // Without a band's link, the fallback stays where it is, and is never written in.
  expect(inlineStylesheets(`<main>${rest('fallback')}<p></p></main>`, clientDir)).toBe(
    `<main>${rest('fallback')}<p></p></main>`,
  )
})
