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

test("the home's first screen's sheet is written in with its mark; the link to the rest of the styles stays", () => {
  const rest = '<link rel="stylesheet" href="/assets/public-abc.css" data-rest-of-styles=""/>'
  const head = '<link rel="stylesheet" href="/assets/site-abc.css" data-first-screen-styles=""/>'
  expect(inlineStylesheets(`${head}<main><section></section>${rest}<p></p></main>`, clientDir)).toBe(
    `<style data-first-screen-styles="">body{color:red}</style><main><section></section>${rest}<p></p></main>`,
  )
})
