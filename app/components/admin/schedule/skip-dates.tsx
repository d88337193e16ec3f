import { Plus, X } from 'lucide-react'
import { useState } from 'react'

import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { FieldError } from './controls.tsx'
import { type ScheduleProps } from './schedule.ts'
import { formatShortDate, parseLocalDate } from '#app/dates/engine.ts'

/** Dates a repeating event does not take place on, added one at a time and listed to be taken back. */
export function SkipDates({
  schedule,
  update,
  field,
  id,
  error,
  describedBy,
}: ScheduleProps & { error?: string; describedBy?: string }) {
  const [skipDraft, setSkipDraft] = useState('')
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field('exdates')}>Skip dates</Label>
      <div className="flex gap-2">
        <Input
          id={field('exdates')}
          type="date"
          value={skipDraft}
          min={schedule.startDate || undefined}
          onChange={(event) => setSkipDraft(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="max-w-56"
        />
        <button
          type="button"
          disabled={!skipDraft}
          onClick={() => {
            if (!skipDraft || schedule.exdates.includes(skipDraft)) return setSkipDraft('')
            update({ exdates: [...schedule.exdates, skipDraft].sort() })
            setSkipDraft('')
          }}
          className="inline-flex h-10 items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
        >
          <Plus aria-hidden="true" className="size-4" />
          Skip this date
        </button>
      </div>
      <p id={`${id}-skip-hint`} className="text-xs text-gray-600">
        Days it does not take place, such as Christmas.
      </p>
      {schedule.exdates.length > 0 ? (
        <ul aria-label="Skipped dates" className="flex flex-wrap gap-2">
          {schedule.exdates.map((date) => (
            <li
              key={date}
              className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 text-sm text-gray-800"
            >
              {parseLocalDate(date) ? formatShortDate(parseLocalDate(date)!) : date}
              <button
                type="button"
                onClick={() => update({ exdates: schedule.exdates.filter((item) => item !== date) })}
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-primary"
              >
                <X aria-hidden="true" className="size-3.5" />
                <span className="sr-only">
                  Do not skip {parseLocalDate(date) ? formatShortDate(parseLocalDate(date)!) : date}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={field('exdates')} message={error} />
    </div>
  )
}
