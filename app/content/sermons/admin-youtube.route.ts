import { data } from 'react-router'

import type { Route } from './+types/admin-youtube.route.ts'
import { actorFromSession, requireArea } from '#app/auth/session.server.ts'
import { runtimeContext } from '#app/context.ts'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { getYoutubeChannel, getYoutubeCheck, saveYoutubeChannel } from '#app/models/settings.server.ts'
import { sessionEnded } from '#app/server/admin-actions.server.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { readYoutubeChannel } from './youtube-channel.ts'
import { checkYoutubeChannel } from './youtube-import.server.ts'

/** What a check made, in words. */
function checkedToast(imported: number) {
  return imported === 0
    ? 'Checked YouTube: no new videos'
    : `Checked YouTube: ${imported} new ${imported === 1 ? 'video is a draft sermon' : 'videos are draft sermons'}`
}

/** The import's state: the channel as given, and what its last check found (`checked_at`, `problem`, `imported`). */
export async function loader({ context }: Route.LoaderArgs) {
  requireArea(context, 'content')
  const { db } = context.get(runtimeContext)
  const [channel, check] = await Promise.all([getYoutubeChannel({ db }), getYoutubeCheck({ db })])
  return Response.json(
    { channel, check: channel && check?.channel_id === channel.channel_id ? check : null },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/**
 * The Sermons screen's YouTube card: `intent=channel` saves the church's channel (an address or channel ID;
 * empty turns the import off) and checks it at once; `intent=check` is "Check now". A channel that cannot be read
 * is said in words, never an error page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = requireArea(context, 'content', { inAction: true })
  const runtime = context.get(runtimeContext)
  const form = await readFormBody(request)
  const intent = String(form.get('intent') ?? '')
  if (!session) return sessionEnded(intent, 'Failed to save the YouTube channel')
  const fail = (toast: string, error: string, status: number, fields?: Record<string, string>) =>
    data({ ok: false, intent, toast, error, fields } satisfies AdminActionResult, { status })
  const check = () =>
    checkYoutubeChannel({
      db: runtime.db,
      storage: runtime.storage,
      clock: runtime.clock,
      logger: runtime.logger,
      feedUrl: runtime.env.YOUTUBE_FEED_URL,
    })
  if (intent === 'channel') {
    const address = String(form.get('youtube_channel') ?? '').trim()
    const actor = actorFromSession(session, runtime.clock)
    if (!address) {
      await saveYoutubeChannel({ db: runtime.db, channel: null, actor })
      return { ok: true, intent, toast: 'YouTube import turned off' } satisfies AdminActionResult
    }
    const read = readYoutubeChannel(address)
    if ('problem' in read) {
      return fail('Failed to save the YouTube channel', read.problem, 400, { youtube_channel: read.problem })
    }
    await saveYoutubeChannel({ db: runtime.db, channel: { channel_id: read.channelId, address }, actor })
    const checked = await check()
    if (checked?.problem) return fail('YouTube channel saved, but it could not be read', checked.problem, 200)
    return {
      ok: true,
      intent,
      toast: `YouTube channel saved. ${checkedToast(checked?.imported ?? 0)}`,
    } satisfies AdminActionResult
  }
  if (intent === 'check') {
    const checked = await check()
    if (!checked) return fail('Failed to check YouTube', 'Save the church’s YouTube channel first', 400)
    if (checked.problem) return fail('Could not read the YouTube channel', checked.problem, 200)
    return { ok: true, intent, toast: checkedToast(checked.imported) } satisfies AdminActionResult
  }
  return fail('Unknown action', 'Unknown action', 400)
}
