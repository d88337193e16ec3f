import { Download, ExternalLink, FileText } from '#app/components/site/icons.tsx'

import type { Route } from './+types/sermon-page.ts'
import { usePageTexts } from '#app/components/site/use-church.ts'

const linkClass = 'inline-flex items-center gap-2 font-semibold text-primary-text hover:underline'

/** '1.4 MB', '380 KB': how big a download is, before a phone on mobile data fetches it. */
function fileSize(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** A sermon's notes (a PDF) and transcript (a link, or its text to unfold), when it has either. */
export function SermonTexts({ sermon }: { sermon: Route.ComponentProps['loaderData']['sermon'] }) {
  const t = usePageTexts()
  if (!sermon.notes && !sermon.transcript) return null
  const newTab = <span className="sr-only"> {t('site.newTab')}</span>
  return (
    <section
      aria-labelledby="sermon-texts"
      className="mt-10 rounded-2xl border border-border bg-card p-6 shadow-sm"
    >
      <h2 id="sermon-texts" className="font-serif text-2xl font-bold">
        {t('sermons.texts')}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-3">
        {sermon.notes ? (
          <li>
            <a
              href={sermon.notes.href}
              className={linkClass}
              {...(sermon.notes.size !== null ? { download: '' } : {})}
            >
              <Download className="size-5" aria-hidden />
              {t('sermons.notes')}
              {sermon.notes.size !== null ? (
                <span className="font-normal text-muted-foreground">
                  (PDF, {fileSize(sermon.notes.size)})
                </span>
              ) : (
                <span className="font-normal text-muted-foreground">(PDF)</span>
              )}
            </a>
          </li>
        ) : null}
        {sermon.transcript && !sermon.transcript.paragraphs ? (
          <li>
            <a href={sermon.transcript.href} className={linkClass} target="_blank" rel="noopener noreferrer">
              <ExternalLink className="size-5" aria-hidden />
              {t('sermons.transcript')}
              {newTab}
            </a>
          </li>
        ) : null}
      </ul>
      {sermon.transcript?.paragraphs ? (
        <details className="group mt-5 border-t border-border pt-4">
          <summary className="flex cursor-pointer items-center gap-2 font-semibold text-primary-text hover:underline">
            <FileText className="size-5" aria-hidden />
            {t('sermons.transcript')}
          </summary>
          <div className="mt-4 space-y-4 leading-relaxed text-foreground/85">
            {sermon.transcript.paragraphs.map((paragraph, index) => (
              // The paragraphs never move: their place is their identity.
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </details>
      ) : null}
    </section>
  )
}
