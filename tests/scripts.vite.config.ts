// The operator's scripts (`npm run admin`, `backup`, `restore`) bundled for the tests, beside the server's build:
// run through tsx, each run spent 2.5 to 5 s of CPU loading the application module by module before doing anything;
// bundled, about one. The sources are the same; only the migrations come from the bundle (import.meta.glob, as in
// the server's) instead of the folder.
import path from 'node:path'

import { defineConfig } from 'vite'

export default defineConfig({
  publicDir: false,
  logLevel: 'error',
  build: {
    ssr: true,
    outDir: path.resolve(process.env.BUILD_DIR ?? 'build-test', 'scripts'),
    emptyOutDir: true,
    rollupOptions: {
      input: { admin: 'scripts/admin.ts', backup: 'scripts/backup.ts', restore: 'scripts/restore.ts' },
      output: { entryFileNames: '[name].js' },
      checks: { bundlerTimings: false },
    },
  },
  // As the server's bundle (vite.config.ts): native modules and packages that read files beside their code stay out.
  ssr: {
    noExternal: true,
    external: ['better-sqlite3', 'pg', 'sharp', 'pino', 'pino-pretty', '@touch4it/ical-timezones'],
  },
})
