import { CalendarCheck } from 'lucide-react'

/** The next five dates the choices give (or the one date), or why there are none to show. */
export function SchedulePreview({
  id,
  repeats,
  startChosen,
  preview,
}: {
  id: string
  repeats: boolean
  startChosen: boolean
  preview: { words: string | null; dates: string[] } | null
}) {
  return (
    <section aria-labelledby={`${id}-preview`} aria-live="polite" className="rounded-md bg-gray-50 p-4">
      <h3 id={`${id}-preview`} className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        <CalendarCheck aria-hidden="true" className="size-4 text-primary" />
        {repeats ? 'Next five dates' : 'Date'}
      </h3>
      {preview ? (
        <>
          {preview.words ? <p className="mt-1 text-sm text-gray-700">{preview.words}</p> : null}
          {preview.dates.length > 0 ? (
            <ol className="mt-2 space-y-1 text-sm text-gray-900">
              {preview.dates.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ol>
          ) : (
            <p className="mt-1 text-sm text-amber-800">
              It has no dates from today on: it will not be listed.
            </p>
          )}
        </>
      ) : (
        <p className="mt-1 text-sm text-gray-600">
          {startChosen ? 'Fix the dates above to see them here.' : 'Choose the date it starts on.'}
        </p>
      )}
    </section>
  )
}
