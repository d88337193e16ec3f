import type { Route } from './+types/gifts-export.route.ts'
import { requireArea } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import { giftsCsv } from './gifts-screen.server.ts'

/** The Gifts screen's "Export CSV": the gifts of its filters (`?status=&fund=&year=`), for treasurers and administrators. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireArea(context, 'giving')
  const runtime = context.get(runtimeContext)
  const body = await giftsCsv(runtime, session, new URL(request.url).searchParams)
  const day = runtime.clock.now().toISOString().slice(0, 10)
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="gifts-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
