import { ArrowLeft, BookOpen, CalendarDays, FileText, PlayCircle, UserRound } from 'lucide-react'

import type { Route } from './+types/sermon-page.ts'
import { RichText } from '#app/components/site/rich-text.tsx'
import { SiteError } from '#app/components/site/site-error.tsx'
import { runtimeContext } from '#app/context.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { pageMeta } from '#app/lib/page-meta.ts'
import { sanitizeHtml } from '#app/lib/sanitize-html.server.ts'
import { summarise } from '#app/lib/church-text.ts'
import { scriptureInWords } from './books.ts'
import { audioLengthText, preachedOnText } from './sermon-text.ts'
import { getSermon, getSermonSeries, getSpeaker } from './model.server.ts'
import { pagePath } from '#app/content/registry.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext)
  // A draft is nowhere public: the same 404 as a sermon that does not exist.
  const sermon = await getSermon({ db, id: params.id, publicOnly: true })
  if (!sermon) throw new Response('Not found', { status: 404 })
  const [series, speaker] = await Promise.all([
    sermon.series_id ? getSermonSeries({ db, id: sermon.series_id }) : null,
    sermon.speaker_id ? getSpeaker({ db, id: sermon.speaker_id }) : null,
  ])
  return {
    sermon: {
      id: sermon.id,
      title: sermon.title,
      date: preachedOnText(sermon.preached_on),
      scripture: scriptureInWords(sermon.scripture_osis) || sermon.scripture,
      summary: sanitizeHtml(sermon.summary),
      description: summarise(htmlToText(sermon.summary ?? '')),
      audio: sermon.audio_url,
      audioLength: audioLengthText(sermon.audio_duration_seconds),
      video: sermon.video_url,
      notes: sermon.notes_url,
      transcript: sermon.transcript_url,
    },
    series: series ? { id: series.id, title: series.title } : null,
    speaker: speaker ? { name: speaker.name, role: speaker.role } : null,
  }
}

export function meta(args: Route.MetaArgs) {
  const data = args.loaderData
  if (!data) return []
  const { sermon, speaker } = data
  return pageMeta(args, {
    path: pagePath('sermon', { id: sermon.id }),
    title: sermon.title,
    description: [sermon.date, speaker?.name, sermon.scripture, sermon.description]
      .filter(Boolean)
      .join(' · ')
      .slice(0, 300),
    // The archive's share card until sermons draw their own (with the audio and feeds, issue 27).
    shareImage: { key: 'sermons' },
    type: 'article',
  })
}

const linkClass = 'inline-flex items-center gap-2 font-semibold text-primary-text hover:underline'

export default function SermonPage({ loaderData }: Route.ComponentProps) {
  const { sermon, series, speaker } = loaderData
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <a href={pagePath('sermons')} className={linkClass}>
        <ArrowLeft className="size-4" aria-hidden />
        All sermons
      </a>
      {series ? (
        <p className="mt-8 text-sm font-semibold tracking-wide text-primary-text uppercase">
          <a href={pagePath('sermon-series', { id: series.id })} className="hover:underline">
            {series.title}
          </a>
        </p>
      ) : null}
      <h1 className="mt-2 font-serif text-4xl font-bold tracking-tight text-balance md:text-5xl">
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
            {speaker.role ? `${speaker.name}, ${speaker.role}` : speaker.name}
          </li>
        ) : null}
        {sermon.scripture ? (
          <li className="flex items-center gap-2">
            <BookOpen className="size-5 shrink-0 text-primary-text" aria-hidden />
            {sermon.scripture}
          </li>
        ) : null}
      </ul>
      {sermon.video || sermon.notes || sermon.transcript ? (
        <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-3">
          {sermon.video ? (
            <li>
              <a href={sermon.video} className={linkClass} rel="noopener noreferrer" target="_blank">
                <PlayCircle className="size-5" aria-hidden />
                Watch the video
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ) : null}
          {sermon.notes ? (
            <li>
              <a href={sermon.notes} className={linkClass}>
                <FileText className="size-5" aria-hidden />
                Sermon notes
              </a>
            </li>
          ) : null}
          {sermon.transcript ? (
            <li>
              <a href={sermon.transcript} className={linkClass}>
                <FileText className="size-5" aria-hidden />
                Transcript
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {sermon.audio ? (
        <figure className="mt-8">
          <figcaption className="mb-2 font-semibold">
            Listen{sermon.audioLength ? ` (${sermon.audioLength})` : ''}
          </figcaption>
          {/* The browser's own player: keyboard and screen readers know it; only its length is fetched until Play. */}
          <audio controls preload="metadata" src={sermon.audio} className="w-full">
            <a href={sermon.audio} className={linkClass}>
              Download the sermon’s audio
            </a>
          </audio>
        </figure>
      ) : null}
      <RichText html={sermon.summary} className="mt-8 text-lg leading-relaxed text-foreground/85" />
    </article>
  )
}

export function ErrorBoundary() {
  return <SiteError />
}
