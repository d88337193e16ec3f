import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
  },
  // Native modules stay outside the server bundle.
  ssr: { external: ['better-sqlite3', 'pg', 'sharp', 'pino'] },
  plugins: [tailwindcss(), reactRouter()],
}))
