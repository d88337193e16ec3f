import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // NOTE: BUILD_DIR lets several builds (tests, benchmarks, parallel work) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  future: {
    v8_middleware: true,
  },
} satisfies Config
