import type { Route } from './+types/robots.ts'
import { requestContext } from '#app/context.ts'
import { robotsTxt } from '#app/server/public-site.server.ts'

/** `/robots.txt`: crawl everything but the admin area and the API; the sitemap's address. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(requestContext).origin), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' },
  })
}
