import type { Route } from './+types/podcast-feed.route.ts'
import { requestContext, runtimeContext } from '#app/context.ts'
import { feedLanguage } from '#app/server/page-language.server.ts'
import { feedHeaders, loadPodcast, podcastFeedXml } from './podcast-feed.server.ts'

/**
 * `/sermons/feed.xml` (and `/ml/sermons/feed.xml`, in that language): the church's podcast, every published
 * sermon with audio, newest first. Its addresses
 * are the site's own (PUBLIC_URL, or the one confirmed in Settings), never the Host a request named; only
 * while neither is known do they follow the request, as the pages' do.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const origin = (await runtime.siteAddress.get()) ?? context.get(requestContext).origin
  const podcast = await loadPodcast({
    db: runtime.db,
    origin,
    language: await feedLanguage({ db: runtime.db, lang: params.lang }),
  })
  return new Response(podcastFeedXml(podcast!.channel, podcast!.episodes), { headers: feedHeaders() })
}
