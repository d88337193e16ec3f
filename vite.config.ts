import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { build as esbuild } from 'esbuild'
import { defineConfig, type Plugin } from 'vite'

import { SPRITE_ICONS } from './app/components/site/sprite-icons.ts'
import { shortClassNames } from './vite-plugins/short-class-names.ts'

export default defineConfig(({ isSsrBuild, command }) => ({
  build: {
    rollupOptions: {
      ...(isSsrBuild
        ? {
            input: './host/app.ts',
            // All ASCII: non-ASCII characters escaped (\u2019…) and documentation comments left out, so V8 reads
            // and compiles the 7 MB bundle as one-byte text; one typographic quote made all of it two-byte (every
            // start of a server: some 50 ms less CPU). Licence comments stay.
            output: {
              charset: 'ascii' as const,
              comments: { legal: true, annotation: false, jsdoc: false },
            },
          }
        : { output: { codeSplitting: { groups: clientChunkGroups() } } }),
      // Rolldown's report of the plugins that took longest (PLUGIN_TIMINGS) is for profiling a build; printed by
      // every build, mostly about precompress() below, whose brotli at its best is slow on purpose.
      checks: { bundlerTimings: false },
    },
  },
  // The server bundle is a production build: React's and other packages' development builds (chosen at run time
  // by process.env.NODE_ENV) are left out of it instead of being compiled at every start (600 KB of React DOM).
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  // (A build only: `npm run dev` runs the server's modules one by one through Vite, which cannot run a CommonJS
  // package inlined that way — `module is not defined` — so there they stay Node's to load.)
  ssr:
    command === 'build'
      ? {
          // The server is one bundle: loading it is one file instead of some 2,000 modules resolved one by one from
          // node_modules (a start took 2.9 s of CPU, now 1.4 s: every worker of `npm start`, every restart, every test
          // server). Outside it stay native modules, and packages that read files next to their own code at run time.
          noExternal: true,
          external: ['better-sqlite3', 'pg', 'sharp', 'pino', 'pino-pretty', '@touch4it/ical-timezones'],
        }
      : undefined,
  plugins: [
    buildProgress(),
    scripts(),
    iconSprite(),
    tailwindcss(),
    reactRouter(),
    ...(isSsrBuild ? [] : [shortClassNames(), precompress(), vendorLeaflet()]),
  ],
}))

type ModuleGraph = {
  getModuleInfo(id: string): { importers: readonly string[]; importedIds: readonly string[] } | null
}

const ENTRY_MODULE = /[\\/]app[\\/](routes[\\/]|root\.tsx(\?|$)|entry\.client)/
const PUBLIC_ROUTE = /[\\/]app[\\/]routes[\\/]public[\\/]/
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx(\?|$)/
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/
/** Small libraries the site's shared components may pull into the `site` chunk. */
const SITE_LIBRARIES =
  /node_modules[\\/](react|react-dom|react-router|scheduler|lucide-react|clsx|tailwind-merge)[\\/]/

/**
 * The browser bundle in few files. Left alone, Rolldown makes a chunk for every set of routes sharing a module,
 * and a public page loaded some 30 scripts, most under 1 KB (icons, cards, helpers): on HTTP/1.1, six at a time,
 * each costs a round trip. Now React and React Router are one `framework` chunk, and the components and icons
 * that two or more public pages share are one `site` chunk. A module whose imports reach any other library
 * (Radix, Embla, Leaflet, TipTap…) keeps Rolldown's own chunking, so those stay where only their users load them;
 * admin-only code is never in `site`.
 */
function clientChunkGroups() {
  return [
    { name: 'framework', test: FRAMEWORK, priority: 30 },
    {
      name: (id: string, graph: ModuleGraph) => (isSharedSiteModule(id, graph) ? 'site' : null),
      debugName: 'site',
      priority: 10,
    },
  ]
}

function isSharedSiteModule(id: string, graph: ModuleGraph) {
  if (ENTRY_MODULE.test(id)) return false
  const dependencies = new Set([id])
  const pending = [id]
  while (pending.length > 0) {
    for (const dependency of graph.getModuleInfo(pending.pop()!)?.importedIds ?? []) {
      if (dependencies.has(dependency)) continue
      if (/node_modules/.test(dependency) && !SITE_LIBRARIES.test(dependency)) return false
      dependencies.add(dependency)
      pending.push(dependency)
    }
  }
  // The public routes that import it, directly or through other modules; the root route counts for all.
  const routes = new Set<string>()
  const seen = new Set([id])
  const importers = [id]
  while (importers.length > 0) {
    for (const importer of graph.getModuleInfo(importers.pop()!)?.importers ?? []) {
      if (seen.has(importer)) continue
      seen.add(importer)
      if (ROOT_ROUTE.test(importer)) return true
      if (PUBLIC_ROUTE.test(importer)) routes.add(importer)
      else importers.push(importer)
    }
  }
  return routes.size >= 2
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|wasm)$/
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Writes `.br` and `.gz` copies of the client build's scripts and styles at the highest compression levels, once
 * at build time; server.js sends them instead of compressing the same bytes again on every request.
 */
function precompress(): Plugin {
  return {
    name: 'lampstand:precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) return
      const names = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('.'))
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(dir, name)
          const source = await fs.readFile(file)
          if (source.length < 1024) return
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ])
          if (br.length < source.length) await fs.writeFile(`${file}.br`, br)
          if (gz.length < source.length) await fs.writeFile(`${file}.gz`, gz)
        }),
      )
    },
  }
}

const BUILD_STEPS: Record<string, string> = { client: 'the pages’ scripts and styles', ssr: 'the server' }

/**
 * `npm start` builds with Vite's own report off (`--logLevel warn`: a first start is about the site, not a list of
 * 90 files with their sizes, among them the empty ones React Router makes for resource routes) and sets
 * LAMPSTAND_BUILD_PROGRESS; this says instead what is being built, how far it has got and when it is done.
 * Warnings and errors print as ever.
 */
function buildProgress(): Plugin | false {
  if (!process.env.LAMPSTAND_BUILD_PROGRESS) return false
  const out = process.stdout
  let step = ''
  let modules = 0
  let startedAt = 0
  let shownAt = 0
  /** On a terminal one line, rewritten as the step goes on; elsewhere only the step's first and last lines. */
  const show = (text: string, { last = false, first = false } = {}) => {
    if (out.isTTY) out.write(`\r\x1b[K  ${text}${last ? '\n' : ''}`)
    else if (first || last) out.write(`  ${text}\n`)
  }
  return {
    name: 'lampstand:build-progress',
    apply: 'build',
    buildStart() {
      step = BUILD_STEPS[this.environment.name] ?? this.environment.name
      modules = 0
      startedAt = shownAt = Date.now()
      show(`Building ${step}…`, { first: true })
    },
    transform() {
      modules++
      if (Date.now() - shownAt < 100) return
      shownAt = Date.now()
      show(`Building ${step}… ${modules.toLocaleString('en')} modules`)
    },
    renderStart() {
      show(`Building ${step}… ${modules.toLocaleString('en')} modules, writing the files`)
    },
    closeBundle() {
      const seconds = Math.round((Date.now() - startedAt) / 1000)
      show(`✓ Built ${step} (${modules.toLocaleString('en')} modules) in ${seconds} s`, { last: true })
    },
  }
}

const ICON_SPRITE = 'virtual:icon-sprite'
/** Where the sprite answers while developing (`npm run dev`); a build names it by its contents under /assets/. */
const DEV_SPRITE_PATH = '/@lampstand/icons.svg'

/** lucide's drawing of each icon (`[tag, attributes]` pairs), as its own module exports it. */
async function iconNodes(name: string): Promise<Array<[string, Record<string, string>]>> {
  // Through its file's address: the config's own bundler rewrites an import of a package path made of a template.
  const file = pathToFileURL(createRequire(import.meta.url).resolve(`lucide-react/icons/${name}`)).href
  const icon = (await import(file)) as { __iconData: { node: Array<[string, Record<string, string>]> } }
  // (A name lucide keeps only for an older one's sake re-exports the component alone: name the icon itself.)
  if (!icon.__iconData)
    throw new Error(`lucide-react/icons/${name} is another icon's old name: use that icon's`)
  return icon.__iconData.node
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/**
 * `import spriteUrl from 'virtual:icon-sprite'`: the address of one SVG file holding a `<symbol>` for each of the
 * public site's icons (app/components/site/sprite-icons.ts), drawn from lucide's own data. A build writes it as
 * `/assets/icons-<hash of its contents>.svg` (cached for a year, precompressed like the other assets); the server
 * build only learns the same address. Pages refer to it with `<use href>` (app/components/site/icons.tsx).
 */
function iconSprite(): Plugin {
  let sprite: Promise<{ source: string; fileName: string }> | undefined
  const make = () =>
    (sprite ??= (async () => {
      const symbols = await Promise.all(
        SPRITE_ICONS.map(async (name) => {
          const shapes = (await iconNodes(name)).map(([tag, attributes]) => {
            const written = Object.entries(attributes)
              .filter(([attribute]) => attribute !== 'key')
              .map(([attribute, value]) => `${attribute}="${escapeAttribute(String(value))}"`)
            return `<${tag} ${written.join(' ')}/>`
          })
          return `<symbol id="${name}" viewBox="0 0 24 24">${shapes.join('')}</symbol>`
        }),
      )
      const source = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10)
      return { source, fileName: `assets/icons-${hash}.svg` }
    })())
  return {
    name: 'lampstand:icon-sprite',
    resolveId(id) {
      return id === ICON_SPRITE ? `\0${ICON_SPRITE}` : null
    },
    async load(id) {
      if (id !== `\0${ICON_SPRITE}`) return null
      if (this.environment.mode === 'dev') return `export default ${JSON.stringify(DEV_SPRITE_PATH)}`
      const { source, fileName } = await make()
      if (this.environment.name === 'client') this.emitFile({ type: 'asset', fileName, source })
      return `export default ${JSON.stringify(`/${fileName}`)}`
    },
    configureServer(server) {
      server.middlewares.use(DEV_SPRITE_PATH, (_req, res) => {
        void make().then(({ source }) => {
          res.setHeader('Content-Type', 'image/svg+xml')
          res.end(source)
        })
      })
    },
  }
}

const SCRIPT_TEXT = '?script-text'
const SCRIPT_FILE = '?script-file'
const SCRIPT_IMPORT = /\?script-(text|file)$/
/** Where `npm run dev` answers with a script, bundled afresh for each request; a build writes it under /assets/. */
const DEV_SCRIPTS = '/@lampstand/scripts/'

/** The module and what it imports, bundled and minified into one script (an IIFE). */
async function bundleScript(entry: string) {
  const result = await esbuild({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  return { code: result.outputFiles[0].text.trim(), inputs: Object.keys(result.metafile.inputs) }
}

/**
 * A module and what it imports, bundled and minified into one script, two ways (decisions 0013, 0031):
 * - `import code from './x.ts?script-text'`: its text, for the server to write inline into a page;
 * - `import src from './x.ts?script-file'`: the address of the same script as a file. A build writes it as
 *   `/assets/<name>-<hash of its contents>.js` (cached for a year, precompressed like the other assets); the
 *   server build only learns the same address.
 * The public site's behaviour is such a script (app/islands/public-site.ts).
 */
function scripts(): Plugin {
  const developing = new Map<string, string>()
  // A build bundles each entry once for both of its imports; development bundles afresh (the sources change).
  const built = new Map<string, ReturnType<typeof bundleScript>>()
  const nameOf = (entry: string) => path.basename(entry).replace(/\.tsx?$/, '')
  return {
    name: 'lampstand:scripts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const suffix = SCRIPT_IMPORT.exec(source)?.[0]
      if (!suffix) return null
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer, { skipSelf: true })
      return resolved ? `${resolved.id}${suffix}` : null
    },
    async load(id) {
      const suffix = SCRIPT_IMPORT.exec(id)?.[0]
      if (!suffix) return null
      const entry = id.slice(0, -suffix.length)
      if (suffix === SCRIPT_FILE && this.environment.mode === 'dev') {
        developing.set(nameOf(entry), entry)
        return `export default ${JSON.stringify(`${DEV_SCRIPTS}${nameOf(entry)}.js`)}`
      }
      if (this.environment.mode !== 'dev' && !built.has(entry)) built.set(entry, bundleScript(entry))
      const { code, inputs } = await (built.get(entry) ?? bundleScript(entry))
      for (const input of inputs) this.addWatchFile(path.resolve(input))
      if (suffix === SCRIPT_TEXT) return `export default ${JSON.stringify(code)}`
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 10)
      const fileName = `assets/${nameOf(entry)}-${hash}.js`
      if (this.environment.name === 'client') this.emitFile({ type: 'asset', fileName, source: `${code}\n` })
      return `export default ${JSON.stringify(`/${fileName}`)}`
    },
    configureServer(server) {
      server.middlewares.use(DEV_SCRIPTS, (req, res, next) => {
        const entry = developing.get((req.url ?? '').slice(1).replace(/\.js(\?.*)?$/, ''))
        if (!entry) return next()
        bundleScript(entry).then(({ code }) => {
          res.setHeader('Content-Type', 'text/javascript; charset=utf-8')
          res.end(code)
        }, next)
      })
    },
  }
}

/** Where the public site's map loads Leaflet from (app/islands/behaviours/map.ts); also in app/lib/map-tiles.ts. */
const LEAFLET_DIR = 'node_modules/leaflet/dist'

/**
 * Copies Leaflet's own browser build (script, styles, marker pictures) into the client build under
 * `assets/leaflet-<version>/`, so public pages load it as plain files, fingerprinted by its version and cached
 * for a year, only when a map is about to be seen.
 */
function vendorLeaflet(): Plugin {
  return {
    name: 'lampstand:vendor-leaflet',
    apply: 'build',
    async generateBundle() {
      const { version } = JSON.parse(await fs.readFile('node_modules/leaflet/package.json', 'utf8'))
      const files = [
        'leaflet.js',
        'leaflet.css',
        ...(await fs.readdir(`${LEAFLET_DIR}/images`)).map((name) => `images/${name}`),
      ]
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `assets/leaflet-${version}/${file}`,
          source: await fs.readFile(path.join(LEAFLET_DIR, file)),
        })
      }
    },
  }
}
