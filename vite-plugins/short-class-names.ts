import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

import { transform, type Selector, type SelectorComponent } from 'lightningcss'
import type { Plugin } from 'vite'

import { SHORT_NAMES_FILE, type ShortNamesFile } from '../app/server/short-names.server.ts'

/** The public stylesheets (decisions 0013, 0028): the whole one and the home's first screen's. */
const PUBLIC_STYLESHEET = /^assets\/public(-first)?-[\w-]+\.css$/

/**
 * Classes a script writes or looks for keep their names: every word of the public site's scripts' sources.
 * (A word that is not a class costs nothing; a class missed here would lose its styles.)
 */
const SCRIPT_SOURCES = ['app/islands', 'app/lib/themes.ts', 'app/lib/theme-boot-script.ts']
/** Classes that libraries' scripts write (Leaflet's map). */
const LIBRARY_CLASS = /^leaflet-/
/** Where the site's own stylesheets are: a class their rules name by hand keeps its name (`.icon`, `.rich-text`). */
const STYLE_SOURCES = 'app'

/** What Tailwind gives Lightning CSS when it writes the stylesheets (@tailwindcss/node), so nothing else changes. */
const TARGETS = {
  safari: (16 << 16) | (4 << 8),
  ios_saf: (16 << 16) | (4 << 8),
  firefox: 128 << 16,
  chrome: 111 << 16,
}

const FIRST = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const NEXT = `${FIRST}0123456789_-`

/** a, b, … Z, aa, ab, … : names in the order the classes are used most. */
function* shortNames() {
  for (const first of FIRST) yield first
  for (let length = 1; ; length++) {
    const tails = function* (left: number): Generator<string> {
      if (left === 0) yield ''
      else for (const character of NEXT) for (const tail of tails(left - 1)) yield character + tail
    }
    for (const first of FIRST) for (const tail of tails(length)) yield first + tail
  }
}

async function filesUnder(entry: string, test: (file: string) => boolean): Promise<string[]> {
  const stat = await fs.stat(entry)
  if (!stat.isDirectory()) return test(entry) ? [entry] : []
  const names = await fs.readdir(entry)
  const nested = await Promise.all(names.map((name) => filesUnder(path.join(entry, name), test)))
  return nested.flat()
}

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|\.d\.ts$/.test(file)

function renameClasses(selector: Selector, rename: (name: string) => string) {
  for (const component of selector as Array<SelectorComponent & { selectors?: Selector[] }>) {
    if (component.type === 'class') component.name = rename(component.name)
    if (Array.isArray(component.selectors))
      for (const inner of component.selectors) renameClasses(inner, rename)
  }
}

function rewrite(css: Uint8Array, rename: (name: string) => string) {
  return transform({
    filename: 'public.css',
    code: css,
    minify: true,
    targets: TARGETS,
    visitor: {
      Selector(selector) {
        renameClasses(selector, rename)
        return selector
      },
    },
  }).code
}

/**
 * Short class names on public pages (decision 0030). Tailwind's class lists were a third of the home's HTML
 * (`focus-visible:outline-primary-text` 25 times); the build gives each class of the public stylesheets a name of
 * one or two characters, most used first, writes both sheets again with them under new names, and the names of
 * both kinds beside them (`.short-names.json`, in the client build); the server rewrites each public page's class
 * attributes and links to the sheets with them as it writes the page (app/server/short-names.server.ts). Sources, the admin and `npm run dev` keep
 * Tailwind's names.
 */
export function shortClassNames(): Plugin {
  return {
    name: 'lampstand:short-class-names',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const sheets = Object.values(bundle).filter(
        (file) => file.type === 'asset' && PUBLIC_STYLESHEET.test(file.fileName),
      ) as Array<{ source: string | Uint8Array; fileName: string }>
      if (sheets.length === 0) return
      const css = sheets.map(({ source }) =>
        typeof source === 'string' ? new TextEncoder().encode(source) : source,
      )

      const classes = new Set<string>()
      for (const sheet of css) rewrite(sheet, (name) => (classes.add(name), name))

      const kept = new Set<string>()
      for (const file of await filesUnder(STYLE_SOURCES, (file) => file.endsWith('.css'))) {
        for (const [, name] of (await fs.readFile(file, 'utf8')).matchAll(/\.(-?[A-Za-z_][\w-]*)/g))
          kept.add(name)
      }
      const sources = (await Promise.all(SCRIPT_SOURCES.map((entry) => filesUnder(entry, isSource)))).flat()
      for (const file of sources) {
        for (const word of (await fs.readFile(file, 'utf8')).split(/[\s'"`]+/)) kept.add(word)
      }
      for (const name of classes) if (LIBRARY_CLASS.test(name)) kept.add(name)

      // Most used first: how often each class is written in the site's components.
      const uses = new Map<string, number>()
      for (const file of await filesUnder('app', isSource)) {
        for (const word of (await fs.readFile(file, 'utf8')).split(/[\s'"`{}()]+/)) {
          if (classes.has(word)) uses.set(word, (uses.get(word) ?? 0) + 1)
        }
      }
      const renamed = [...classes]
        .filter((name) => !kept.has(name))
        .sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0) || a.localeCompare(b))
      const taken = new Set([...classes, ...kept])
      const next = shortNames()
      const names: Record<string, string> = {}
      for (const name of renamed) {
        let short = next.next().value!
        while (taken.has(short)) short = next.next().value!
        names[name] = short
      }

      // Each sheet with the short names under a name of its own contents: the one Vite gave it stands for the
      // sheet before, so a browser holding that (cached for a year) never meets markup it cannot style. The
      // original stays beside it for anything else that names it.
      const stylesheets: Record<string, string> = {}
      sheets.forEach((sheet, index) => {
        const source = rewrite(css[index], (name) => names[name] ?? name)
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
        // (Vite names it `<name>-<8 characters of hash>.css`.)
        const fileName = sheet.fileName.replace(/[\w-]{8}\.css$/, `${hash}.css`)
        this.emitFile({ type: 'asset', fileName, source })
        stylesheets[`/${sheet.fileName}`] = `/${fileName}`
      })
      const file: ShortNamesFile = { classes: names, stylesheets }
      this.emitFile({ type: 'asset', fileName: SHORT_NAMES_FILE, source: JSON.stringify(file) })
    },
  }
}
