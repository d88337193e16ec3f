import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // NOTE: BUILD_DIR lets several builds (tests, benchmarks, parallel work) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // Cross-site actions are refused before React Router sees them (host/origin-check.ts: the site's address,
  // the Host and, behind a trusted proxy, the forwarded host). Its own check compares Origin with the URL it
  // rebuilds from the request, which behind a proxy that ends TLS says http while the browser says https: it
  // refused every admin form of a site with PUBLIC_URL=https://… and no TRUST_PROXY.
  allowedActionOrigins: ['**'],
  future: {
    v8_middleware: true,
  },
} satisfies Config
