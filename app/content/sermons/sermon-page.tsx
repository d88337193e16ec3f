import { pageLanguage } from '#app/server/page-language.server.ts'
import { ArrowLeft, BookOpen, CalendarDays, UserRound } from '#app/components/site/icons.tsx'

import { usePageLanguage, usePageTexts } from '#app/components/site/use-church.ts'
import type { Route } from './+types/sermon-page.ts'
import { SermonTexts } from './sermon-texts.tsx'
import { SermonVideo } from './sermon-video.tsx'
import { RichText } from '#app/components/site/rich-text.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { runtimeContext } from '#app/context.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { pageMeta } from '#app/content/page-meta.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { summarise } from '#app/lib/church-text.ts'
import { getBibleLink } from '#app/models/settings.server.ts'
import { bibleLink } from '#app/schemas/settings.ts'
import { loadImageSources } from '#app/server/image-sources.server.ts'
import { passagesInWords, scriptureShown } from './books.ts'
import { audioLengthText, preachedOnText } from './sermon-text.ts'
import { getSermon, getSermonSeries, getSpeaker } from './model.server.ts'
import { audioType } from './podcast-feed.server.ts'
import { type SermonFactsData, sermonJsonLd, sermonPath, sermonShareKey } from './seo.ts'
import { localFileSize, readTranscript } from './transcript.server.ts'
import { sermonVideo } from './video.ts'
import { pagePath } from '#app/content/registry.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage } = context.get(runtimeContext)
  // In the page's language, field by field (issue 28): the page, its share image and its structured data alike.
  const locale = pageLanguage(context)
  const { language, languages } = locale
  // A draft is nowhere public: the same 404 as a sermon that does not exist.
  const sermon = await getSermon({ db, id: params.id, publicOnly: true, locale })
  if (!sermon) throw new Response('Not found', { status: 404 })
  const [series, speaker, pattern, transcript, notesBytes] = await Promise.all([
    sermon.series_id ? getSermonSeries({ db, id: sermon.series_id, locale }) : null,
    sermon.speaker_id ? getSpeaker({ db, id: sermon.speaker_id, locale }) : null,
    getBibleLink({ db }),
    readTranscript(storage.root, sermon.transcript_url),
    localFileSize(storage.root, sermon.notes_url),
  ])
  // The sermon's own picture, else its series': the video's box and the share image show it.
  const photo = sermon.image_url ?? series?.image_url ?? null
  const image = (await loadImageSources({ db, urls: [photo] }))(photo)
  const video = sermonVideo(sermon.video_url)
  const description = summarise(htmlToText(sermon.summary ?? ''))
  // Each passage in the page's words, linked to the online Bible by its English name.
  const passages = passagesInWords(sermon.scripture_osis)
  const passagesShown = passagesInWords(sermon.scripture_osis, language)
  const structured: SermonFactsData = {
    id: sermon.id,
    name: sermon.title,
    description: htmlToText(sermon.summary ?? '').slice(0, 500) || null,
    datePublished: sermon.preached_on,
    speaker: speaker?.name ?? null,
    photo,
    audio: sermon.audio_url
      ? {
          url: sermon.audio_url,
          type: audioType(sermon.audio_url),
          bytes: sermon.audio_bytes,
          seconds: sermon.audio_duration_seconds,
        }
      : null,
    video: video ? { url: video.url, embedUrl: video.embedUrl } : null,
  }
  return {
    sermon: {
      id: sermon.id,
      title: sermon.title,
      date: preachedOnText(sermon.preached_on, language),
      ...scriptureShown(sermon, language, languages[0] ?? language),
      passages: passages.map((passage, index) => ({
        text: passagesShown[index]!,
        href: bibleLink(pattern, passage),
      })),
      summary: sanitizeHtml(sermon.summary),
      description,
      audio: sermon.audio_url,
      audioLength: audioLengthText(sermon.audio_duration_seconds, language),
      video,
      image,
      notes: sermon.notes_url ? { href: sermon.notes_url, size: notesBytes } : null,
      transcript: sermon.transcript_url ? { href: sermon.transcript_url, paragraphs: transcript } : null,
      untranslated: sermon.untranslated,
    },
    series: series ? { id: series.id, title: series.title, untranslated: series.untranslated } : null,
    speaker: speaker ? { name: speaker.name, role: speaker.role, untranslated: speaker.untranslated } : null,
    structured,
  }
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData
  if (!data) return []
  const { sermon, speaker, structured } = data
  return pageMeta(
    args,
    {
      path: sermonPath(sermon.id),
      title: sermon.title,
      description: [sermon.date, speaker?.name, sermon.scripture, sermon.description]
        .filter(Boolean)
        .join(' · ')
        .slice(0, 300),
      shareImage: { key: sermonShareKey(sermon.id), photo: structured.photo },
      type: 'article',
    },
    { jsonLd: sermonJsonLd(args.matches, structured) },
  )
}

const linkClass = 'inline-flex items-center gap-2 font-semibold text-primary-text hover:underline'

export default function SermonPage({ loaderData }: Route.ComponentProps) {
  const { to, langOf } = usePageLanguage()
  const t = usePageTexts()
  const { sermon, series, speaker } = loaderData
  const newTab = <span className="sr-only"> {t('site.newTab')}</span>
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <a href={to(pagePath('sermons'))} className={linkClass}>
        <ArrowLeft className="size-4" aria-hidden />
        {t('sermons.all')}
      </a>
      {series ? (
        <p className="mt-8 text-sm font-semibold tracking-wide text-primary-text uppercase">
          <a
            href={to(pagePath('sermon-series', { id: series.id }))}
            lang={langOf(series, 'title')}
            className="hover:underline"
          >
            {series.title}
          </a>
        </p>
      ) : null}
      <h1
        lang={langOf(sermon, 'title')}
        className="mt-2 font-serif text-4xl font-bold tracking-tight text-balance md:text-5xl"
      >
        {sermon.title}
      </h1>
      <ul className="mt-6 space-y-2 text-foreground/80">
        <li className="flex items-center gap-2">
          <CalendarDays className="size-5 shrink-0 text-primary-text" aria-hidden />
          {sermon.date}
        </li>
        {speaker ? (
          <li className="flex items-center gap-2">
            <UserRound className="size-5 shrink-0 text-primary-text" aria-hidden />
            <span>
              <span lang={langOf(speaker, 'name')}>{speaker.name}</span>
              {speaker.role ? (
                <>
                  , <span lang={langOf(speaker, 'role')}>{speaker.role}</span>
                </>
              ) : null}
            </span>
          </li>
        ) : null}
        {sermon.passages.length > 0 ? (
          <li className="flex items-start gap-2">
            <BookOpen className="mt-0.5 size-5 shrink-0 text-primary-text" aria-hidden />
            <span lang={sermon.scriptureLang}>
              {sermon.passages.map((passage, index) => (
                <span key={passage.text}>
                  {index > 0 ? '; ' : null}
                  <a
                    href={passage.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-primary-text underline decoration-1 underline-offset-4 hover:decoration-2"
                  >
                    {passage.text}
                    {newTab}
                  </a>
                </span>
              ))}
            </span>
          </li>
        ) : sermon.scripture ? (
          <li className="flex items-center gap-2">
            <BookOpen className="size-5 shrink-0 text-primary-text" aria-hidden />
            <span lang={sermon.scriptureLang}>{sermon.scripture}</span>
          </li>
        ) : null}
      </ul>

      {sermon.audio ? (
        <figure className="mt-8">
          <figcaption className="mb-2 font-semibold">
            {t('sermons.listen')}
            {sermon.audioLength ? ` (${sermon.audioLength})` : ''}
          </figcaption>
          {/* The browser's own player: keyboard and screen readers know it; only its length is fetched until Play. */}
          <audio controls preload="metadata" src={sermon.audio} className="w-full">
            <a href={sermon.audio} className={linkClass}>
              {t('sermons.downloadAudio')}
            </a>
          </audio>
        </figure>
      ) : null}

      {sermon.video ? <SermonVideo sermon={sermon} video={sermon.video} /> : null}

      <RichText
        html={sermon.summary}
        lang={langOf(sermon, 'summary')}
        className="mt-8 text-lg leading-relaxed text-foreground/85"
      />

      <SermonTexts sermon={sermon} />
    </article>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
