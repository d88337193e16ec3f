import { CircleAlert, CircleCheck, Rss } from 'lucide-react'

import { CardHeading, cardClasses } from '#app/components/admin/settings-card.tsx'

export interface FeedHealthView {
  name: string
  path: string
  episodes: number
  problems: string[]
}

/**
 * "Feed health": Apple's checks on the podcast feeds, in words (app/content/sermons/feed-health.server.ts),
 * worked out again each time the screen loads, and so after each save.
 */
export function FeedHealthPanel({
  feeds,
  siteAddressKnown,
}: {
  feeds: readonly FeedHealthView[]
  siteAddressKnown: boolean
}) {
  return (
    <section aria-labelledby="feed-health" className={cardClasses}>
      <CardHeading id="feed-health" icon={Rss} title="Feed health" />
      <p className="mb-4 text-sm text-gray-600">
        The podcast feeds checked as Apple Podcasts checks them before it lists a podcast: published sermons
        with audio are its episodes.
      </p>
      {siteAddressKnown ? null : (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          The website does not know its own address yet, so the feeds name whichever address a listener used.
          Confirm it under Site address in Settings before you send the feed to Apple.
        </p>
      )}
      <ul className="space-y-4">
        {feeds.map((feed) => (
          <li key={feed.path}>
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-gray-950">
              {feed.name}
              <a href={feed.path} className="font-normal break-all text-primary underline">
                {feed.path}
              </a>
              <span className="font-normal text-gray-600">
                {feed.episodes} {feed.episodes === 1 ? 'episode' : 'episodes'}
              </span>
            </p>
            {feed.problems.length === 0 ? (
              <p className="mt-1 flex items-start gap-2 text-sm text-green-800">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                Apple would accept this feed.
              </p>
            ) : (
              <>
                <p className="mt-1 flex items-start gap-2 text-sm text-red-800">
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  Apple would refuse this feed:
                </p>
                <ul className="mt-1 list-disc space-y-1 pl-10 text-sm text-gray-800">
                  {feed.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
