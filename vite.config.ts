import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
  },
  // Native modules stay outside the server bundle.
  ssr: { external: ['better-sqlite3', 'pg', 'sharp', 'pino'] },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompress()])],
}))

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
