import { useId, useMemo, useState } from 'react'

import { RequiredMark } from '#app/components/admin/required-mark.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { FieldError } from './controls.tsx'
import { SchedulePreview } from './preview.tsx'
import { EndChoice, MonthlyChoice, WeekdayChoice } from './repeat.tsx'
import { SkipDates } from './skip-dates.tsx'
import {
  initialSchedule,
  type Repeat,
  type Schedule,
  type ScheduleProps,
  timingOf,
  weekdayOf,
} from './schedule.ts'
import { type EventTiming, parseLocalDate, previewDates, timingProblems } from '#app/dates/engine.ts'
import { occurrenceText, ruleInWords } from '#app/dates/text.ts'

/**
 * When an event happens, as staff think of it: a start date and time (or "All day"), an optional end, how it
 * repeats (never, weekly on chosen days, every N weeks, monthly on the nth weekday or on the same date) and until
 * when, dates to skip — and the next five dates it gives, worked out in the browser with the same library the
 * server uses, before anything is saved. The form sends the stored fields (`starts_at`, `ends_at`, `all_day`,
 * `recurrence`, `exdates`) as hidden inputs; the server checks them again.
 */
export function EventScheduleField({
  formId,
  values,
  errors,
  zone,
  today,
}: {
  formId: string
  values: Record<string, unknown>
  errors: Record<string, string>
  /** The church's time zone and today's date there (from the server's clock). */
  zone: string
  today: string
}) {
  const [schedule, setSchedule] = useState(() => initialSchedule(values))
  const id = useId()
  const field = (name: string) => `${formId}-${name}`
  const update = (change: Partial<Schedule>) => setSchedule((current) => ({ ...current, ...change }))
  const timing = useMemo(() => timingOf(schedule), [schedule])

  // Problems the server would refuse, said as it would, while staff choose (the same checks, lib/event-dates).
  const live = useMemo(() => (timing.starts_at ? timingProblems(timing) : {}), [timing])
  const preview = useMemo(() => {
    if (!timing.starts_at || Object.keys(live).length > 0) return null
    try {
      const from = parseLocalDate(today)!
      const dates = previewDates(timing, zone, from, 5)
      return {
        words: timing.recurrence ? ruleInWords(timing) : null,
        dates: dates.map((occurrence) => occurrenceText(timing, occurrence)),
      }
    } catch {
      return null
    }
  }, [timing, live, zone, today])

  const shown = { ...live, ...errors }
  const errorOf = (name: keyof EventTiming) => shown[name]
  const describe = (name: string, hint?: string) =>
    [shown[name] ? `${field(name)}-error` : null, hint].filter(Boolean).join(' ') || undefined
  const parts: ScheduleProps = { schedule, update, field, id }

  return (
    <fieldset className="space-y-5 rounded-lg border border-gray-200 p-4 sm:col-span-2 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-gray-900">When</legend>
      <input type="hidden" name="starts_at" value={timing.starts_at ?? ''} />
      <input type="hidden" name="ends_at" value={timing.ends_at ?? ''} />
      <input type="hidden" name="all_day" value={timing.all_day ? 'true' : 'false'} />
      <input type="hidden" name="recurrence" value={timing.recurrence ?? ''} />
      <input type="hidden" name="exdates" value={timing.exdates.join(',')} />

      <ScheduleTimes {...parts} errorOf={errorOf} describe={describe} />

      <div className="space-y-1.5">
        <Label htmlFor={field('recurrence')}>Repeats</Label>
        <Select
          id={field('recurrence')}
          value={schedule.repeat}
          onChange={(event) => {
            const repeat = event.target.value as Repeat
            const day = weekdayOf(schedule.startDate)
            update({
              repeat,
              weekdays: schedule.weekdays.length > 0 || !day ? schedule.weekdays : [day],
            })
          }}
          aria-invalid={errorOf('recurrence') ? true : undefined}
          aria-describedby={describe('recurrence')}
        >
          <option value="never">Never (a one-time event)</option>
          <option value="weekly">Every week</option>
          <option value="weeks">Every few weeks</option>
          <option value="monthly">Every month</option>
          {schedule.custom ? (
            <option value="custom">
              As set elsewhere: {ruleInWords({ ...timing, recurrence: schedule.custom }) || schedule.custom}
            </option>
          ) : null}
        </Select>
      </div>

      {schedule.repeat === 'weekly' || schedule.repeat === 'weeks' ? <WeekdayChoice {...parts} /> : null}
      {schedule.repeat === 'monthly' ? <MonthlyChoice {...parts} /> : null}
      {schedule.repeat !== 'never' ? (
        <>
          <EndChoice {...parts} />
          <FieldError id={field('recurrence')} message={errorOf('recurrence')} />
          <SkipDates
            {...parts}
            error={errorOf('exdates')}
            describedBy={describe('exdates', `${id}-skip-hint`)}
          />
        </>
      ) : null}

      <SchedulePreview
        id={id}
        repeats={Boolean(timing.recurrence)}
        startChosen={Boolean(timing.starts_at)}
        preview={preview}
      />
    </fieldset>
  )
}

/** All day or not, and the start and end: dates, and times unless all day. */
function ScheduleTimes({
  schedule,
  update,
  field,
  id,
  errorOf,
  describe,
}: ScheduleProps & {
  errorOf: (name: keyof EventTiming) => string | undefined
  describe: (name: string, hint?: string) => string | undefined
}) {
  return (
    <>
      <label className="flex items-center gap-3 text-sm font-medium text-gray-800">
        <input
          type="checkbox"
          role="switch"
          checked={schedule.allDay}
          onChange={(event) => update({ allDay: event.target.checked })}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative inline-flex h-6 w-11 shrink-0 rounded-full bg-gray-300 transition peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5"
        />
        All day
      </label>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={field('starts_at')}>
            Starts on
            <RequiredMark />
          </Label>
          <Input
            id={field('starts_at')}
            type="date"
            required
            value={schedule.startDate}
            onChange={(event) => update({ startDate: event.target.value })}
            aria-invalid={errorOf('starts_at') ? true : undefined}
            aria-describedby={describe('starts_at')}
          />
        </div>
        {schedule.allDay ? null : (
          <div className="space-y-1.5">
            <Label htmlFor={field('start-time')}>Starts at</Label>
            <Input
              id={field('start-time')}
              type="time"
              value={schedule.startTime}
              onChange={(event) => update({ startTime: event.target.value })}
            />
          </div>
        )}
        <div className="space-y-1.5">
          <Label htmlFor={field('ends_at')}>{schedule.allDay ? 'Last day' : 'Ends on'}</Label>
          <Input
            id={field('ends_at')}
            type="date"
            value={schedule.endDate}
            min={schedule.startDate || undefined}
            onChange={(event) => update({ endDate: event.target.value })}
            aria-invalid={errorOf('ends_at') ? true : undefined}
            aria-describedby={describe('ends_at', `${id}-end-hint`)}
          />
          <p id={`${id}-end-hint`} className="text-xs text-gray-600">
            {schedule.allDay ? 'For events of several days.' : 'Leave empty when it ends the same day.'}
          </p>
        </div>
        {schedule.allDay ? null : (
          <div className="space-y-1.5">
            <Label htmlFor={field('end-time')}>Ends at</Label>
            <Input
              id={field('end-time')}
              type="time"
              value={schedule.endTime}
              onChange={(event) => update({ endTime: event.target.value })}
            />
          </div>
        )}
      </div>
      <FieldError id={field('starts_at')} message={errorOf('starts_at')} />
      <FieldError id={field('ends_at')} message={errorOf('ends_at')} />
    </>
  )
}
