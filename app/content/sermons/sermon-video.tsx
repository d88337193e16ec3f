import { Play } from '#app/components/site/icons.tsx'

import type { Route } from './+types/sermon-page.ts'
import { SiteImage } from '#app/components/site/site-image.tsx'
import { usePageTexts } from '#app/components/site/use-church.ts'
import { Data } from '#app/islands/markup.ts'

type SermonData = Route.ComponentProps['loaderData']['sermon']

/** A sermon's video as a picture with a Play button, its provider named: nothing of it loads before it is pressed. */
export function SermonVideo({
  sermon,
  video,
}: {
  sermon: SermonData
  video: NonNullable<SermonData['video']>
}) {
  const t = usePageTexts()
  return (
    <div className="mt-8">
      {/* Without JavaScript a link to the video; the video-facade behaviour makes it a button that loads the
            player only when pressed, so nothing of YouTube or Vimeo reaches the visitor before then. */}
      <a
        href={video.url}
        {...{
          [Data.videoFacade]: video.embedUrl,
          [Data.videoTitle]: sermon.title,
          [Data.playVideoLabel]: t('sermons.playVideoTitle', { title: sermon.title }),
        }}
        className="group relative flex aspect-video w-full cursor-pointer items-center justify-center overflow-hidden rounded-2xl bg-primary text-white shadow-sm focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-primary"
      >
        {sermon.image ? (
          <SiteImage
            image={sermon.image}
            alt=""
            priority
            sizes="(min-width: 768px) 720px, 100vw"
            className="absolute inset-0 size-full object-cover"
          />
        ) : null}
        <span
          className="absolute inset-0 bg-black/45 transition-colors group-hover:bg-black/35"
          aria-hidden
        />
        <span className="relative flex flex-col items-center gap-3 px-6 text-center">
          <span className="inline-flex size-20 items-center justify-center rounded-full bg-white text-primary-text shadow-lg transition-transform group-hover:scale-105">
            <Play className="ml-1 size-9 fill-current" aria-hidden />
          </span>
          <span className="font-serif text-xl font-bold drop-shadow">{t('sermons.playVideo')}</span>
          <span className="text-sm text-white/90 drop-shadow">
            {t('sermons.fromProvider', { provider: video.provider })}
          </span>
        </span>
      </a>
    </div>
  )
}
