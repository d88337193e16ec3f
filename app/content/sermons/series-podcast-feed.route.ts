import type { Route } from './+types/series-podcast-feed.route.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { feedLanguage } from '#app/server/page-language.server.ts'
import { feedHeaders, loadPodcast, podcastFeedXml } from './podcast-feed.server.ts'

/** `/sermons/series/<id>/feed.xml`: one series' podcast (see podcast-feed.route.ts). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const origin = (await runtime.siteAddress.get()) ?? context.get(requestContext).origin
  const podcast = await loadPodcast({
    db: runtime.db,
    origin,
    seriesId: params.id,
    language: await feedLanguage({ db: runtime.db, lang: params.lang }),
  })
  if (!podcast) {
    throw new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' },
    })
  }
  return new Response(podcastFeedXml(podcast.channel, podcast.episodes), { headers: feedHeaders() })
}
