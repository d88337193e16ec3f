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
  // React Router 7 asks about each change coming in version 8 until it is answered here.
  future: {
    v8_middleware: true,
    // No route exports client code (clientLoader, clientAction, clientMiddleware, HydrateFallback): nothing to split,
    // and the build is the same with it.
    v8_splitRouteModules: true,
    // The other three change behaviour, and wait for the move to React Router 8 (which needs Node 22):
    // - the build is written for one Vite build per environment (host/app.ts as the server's input, client-only
    //   plugins by isSsrBuild in vite.config.ts), which Vite's Environment API would read elsewhere;
    v8_viteEnvironmentApi: false,
    // - loaders and actions would see a `.data` request's own URL (`/events.data?_routes=…`) instead of the page's;
    v8_passThroughRequests: false,
    // - the home page's data would move from `/_root.data` to `/_.data`, which the page cache's tests and
    //   bench:crowd ask for.
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config
