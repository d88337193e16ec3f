import { CalendarCheck, Plus, X } from 'lucide-react'
import { useId, useMemo, useState } from 'react'

import { RequiredMark } from '#app/components/admin/required-mark.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { cn } from '#app/lib/cn.ts'
import {
  type EventTiming,
  formatShortDate,
  parseLocalDate,
  previewDates,
  ruleParts,
  timingProblems,
} from './dates.ts'
import { occurrenceText, ruleInWords } from './date-text.ts'

const WEEKDAYS = [
  ['MO', 'Mon', 'Monday'],
  ['TU', 'Tue', 'Tuesday'],
  ['WE', 'Wed', 'Wednesday'],
  ['TH', 'Thu', 'Thursday'],
  ['FR', 'Fri', 'Friday'],
  ['SA', 'Sat', 'Saturday'],
  ['SU', 'Sun', 'Sunday'],
] as const
const ORDINAL_SUFFIX = { one: 'st', two: 'nd', few: 'rd', other: 'th' } as Record<string, string>
const ordinals = new Intl.PluralRules('en', { type: 'ordinal' })

/** "the 1st", "the 22nd", "the 27th": the day of the month the start date falls on (or "the start date"). */
function sameDateLabel(startDate: string) {
  const day = startDate ? parseLocalDate(startDate)?.day : undefined
  return day === undefined ? 'the start date' : `the ${day}${ORDINAL_SUFFIX[ordinals.select(day)] ?? 'th'}`
}

const NTH = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', 5: 'fifth', [-1]: 'last' } as Record<
  number,
  string
>

type Repeat = 'never' | 'weekly' | 'weeks' | 'monthly' | 'custom'
type EndMode = 'never' | 'until' | 'count'

interface Schedule {
  startDate: string
  startTime: string
  endDate: string
  endTime: string
  allDay: boolean
  repeat: Repeat
  weekdays: string[]
  interval: number
  /** Monthly: on the nth weekday of the start date ('1', '-1'), or on its date ('date'). */
  monthly: string
  endMode: EndMode
  until: string
  count: number
  exdates: string[]
  /** A rule made elsewhere (the API) that the choices above cannot show: kept as it is. */
  custom: string
}

/** The weekday code of a 'YYYY-MM-DD' date ('SU'), or null. */
function weekdayOf(date: string) {
  const day = parseLocalDate(date)
  return day ? WEEKDAYS[day.dayOfWeek - 1][0] : null
}

/** Which nth weekday of its month a date is: 1–5, and whether it is also the last one. */
function nthOf(date: string) {
  const day = parseLocalDate(date)
  if (!day) return null
  return {
    nth: Math.ceil(day.day / 7),
    last: day.day + 7 > day.daysInMonth,
    weekday: WEEKDAYS[day.dayOfWeek - 1],
  }
}

function initialSchedule(values: Record<string, unknown>): Schedule {
  const starts = typeof values.starts_at === 'string' ? values.starts_at : ''
  const ends = typeof values.ends_at === 'string' ? values.ends_at : ''
  const recurrence = typeof values.recurrence === 'string' ? values.recurrence : ''
  const schedule: Schedule = {
    startDate: starts.slice(0, 10),
    startTime: values.all_day ? '' : starts.slice(11, 16),
    endDate: ends.slice(0, 10),
    endTime: values.all_day ? '' : ends.slice(11, 16),
    allDay: Boolean(values.all_day),
    repeat: 'never',
    weekdays: [],
    interval: 2,
    monthly: '1',
    endMode: 'never',
    until: '',
    count: 10,
    exdates: Array.isArray(values.exdates) ? (values.exdates as string[]) : [],
    custom: '',
  }
  if (ends && ends.slice(0, 10) === starts.slice(0, 10) && !values.all_day) schedule.endDate = ''
  if (!recurrence) return schedule
  const parts = ruleParts(recurrence)
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'UNTIL', 'COUNT'])
  const interval = Number(parts.INTERVAL ?? '1')
  const days = (parts.BYDAY ?? '').split(',').filter(Boolean)
  if (parts.UNTIL) {
    schedule.endMode = 'until'
    schedule.until = `${parts.UNTIL.slice(0, 4)}-${parts.UNTIL.slice(4, 6)}-${parts.UNTIL.slice(6, 8)}`
  } else if (parts.COUNT) {
    schedule.endMode = 'count'
    schedule.count = Number(parts.COUNT)
  }
  const plain = days.every((day) => /^(MO|TU|WE|TH|FR|SA|SU)$/.test(day))
  if (Object.keys(parts).some((part) => !known.has(part))) schedule.repeat = 'custom'
  else if (parts.FREQ === 'WEEKLY' && plain) {
    schedule.repeat = interval > 1 ? 'weeks' : 'weekly'
    schedule.interval = Math.max(2, interval)
    schedule.weekdays = days
  } else if (parts.FREQ === 'MONTHLY' && interval === 1 && !parts.BYMONTHDAY && days.length === 1) {
    const nth = /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(days[0])
    if (nth) {
      schedule.repeat = 'monthly'
      schedule.monthly = String(Number(nth[1]))
    } else schedule.repeat = 'custom'
  } else if (parts.FREQ === 'MONTHLY' && interval === 1 && days.length === 0) {
    schedule.repeat = 'monthly'
    schedule.monthly = 'date'
  } else schedule.repeat = 'custom'
  if (schedule.repeat === 'custom') schedule.custom = recurrence
  return schedule
}

/** The stored fields the choices make: what the form sends (hidden inputs) and what the preview shows. */
function timingOf(schedule: Schedule): EventTiming {
  const { startDate, allDay } = schedule
  const at = (date: string, time: string) => (date ? `${date}T${allDay || !time ? '00:00' : time}` : null)
  const starts_at = at(startDate, schedule.startTime)
  let ends_at: string | null = null
  if (allDay) ends_at = schedule.endDate && schedule.endDate !== startDate ? at(schedule.endDate, '') : null
  else if (schedule.endTime || schedule.endDate)
    ends_at = at(schedule.endDate || startDate, schedule.endTime || '23:59')
  return {
    starts_at,
    ends_at,
    all_day: allDay,
    recurrence: ruleOf(schedule),
    exdates: schedule.repeat === 'never' ? [] : schedule.exdates,
  }
}

function ruleOf(schedule: Schedule): string | null {
  const startDay = weekdayOf(schedule.startDate) ?? 'SU'
  const days = schedule.weekdays.length > 0 ? schedule.weekdays : [startDay]
  const ordered = WEEKDAYS.map(([code]) => code).filter((code) => days.includes(code))
  let rule: string
  switch (schedule.repeat) {
    case 'never':
      return null
    case 'custom':
      return schedule.custom || null
    case 'weekly':
      rule = `FREQ=WEEKLY;BYDAY=${ordered.join(',')}`
      break
    case 'weeks':
      rule = `FREQ=WEEKLY;INTERVAL=${Math.max(2, schedule.interval || 2)};BYDAY=${ordered.join(',')}`
      break
    case 'monthly':
      rule =
        schedule.monthly === 'date'
          ? `FREQ=MONTHLY;BYMONTHDAY=${parseLocalDate(schedule.startDate)?.day ?? 1}`
          : `FREQ=MONTHLY;BYDAY=${schedule.monthly}${startDay}`
      break
  }
  if (schedule.endMode === 'until' && schedule.until) rule += `;UNTIL=${schedule.until.replace(/-/g, '')}`
  if (schedule.endMode === 'count' && schedule.count > 0) rule += `;COUNT=${Math.floor(schedule.count)}`
  return rule
}

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
  const [skipDraft, setSkipDraft] = useState('')
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
  const nth = nthOf(schedule.startDate)
  const startDay = nth?.weekday[2] ?? 'day'

  return (
    <fieldset className="space-y-5 rounded-lg border border-gray-200 p-4 sm:col-span-2 sm:p-5">
      <legend className="px-1 text-sm font-semibold text-gray-900">When</legend>
      <input type="hidden" name="starts_at" value={timing.starts_at ?? ''} />
      <input type="hidden" name="ends_at" value={timing.ends_at ?? ''} />
      <input type="hidden" name="all_day" value={timing.all_day ? 'true' : 'false'} />
      <input type="hidden" name="recurrence" value={timing.recurrence ?? ''} />
      <input type="hidden" name="exdates" value={timing.exdates.join(',')} />

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

      {schedule.repeat === 'weeks' ? (
        <div className="flex items-center gap-2 text-sm text-gray-800">
          <label htmlFor={field('interval')}>Every</label>
          <Input
            id={field('interval')}
            type="number"
            min={2}
            max={52}
            value={schedule.interval}
            onChange={(event) => update({ interval: Number(event.target.value) })}
            className="w-20"
          />
          <span>weeks</span>
        </div>
      ) : null}

      {schedule.repeat === 'weekly' || schedule.repeat === 'weeks' ? (
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">On</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {WEEKDAYS.map(([code, short, long]) => {
              const checked = schedule.weekdays.includes(code)
              return (
                <label
                  key={code}
                  className={cn(
                    'inline-flex h-9 min-w-12 cursor-pointer items-center justify-center rounded-md border px-2 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-primary',
                    checked
                      ? 'border-primary bg-primary text-white'
                      : 'border-gray-300 bg-white text-gray-800',
                  )}
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={checked}
                    onChange={() =>
                      update({
                        weekdays: checked
                          ? schedule.weekdays.filter((day) => day !== code)
                          : [...schedule.weekdays, code],
                      })
                    }
                  />
                  <span aria-hidden="true">{short}</span>
                  <span className="sr-only">{long}</span>
                </label>
              )
            })}
          </div>
        </fieldset>
      ) : null}

      {schedule.repeat === 'monthly' ? (
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">On</legend>
          <div className="mt-2 space-y-2 text-sm text-gray-800">
            {nth && nth.nth <= 4 ? (
              <Radio
                name={`${id}-monthly`}
                checked={schedule.monthly === String(nth.nth)}
                onChange={() => update({ monthly: String(nth.nth) })}
              >
                The {NTH[nth.nth]} {startDay} of each month
              </Radio>
            ) : null}
            {nth?.last ? (
              <Radio
                name={`${id}-monthly`}
                checked={schedule.monthly === '-1'}
                onChange={() => update({ monthly: '-1' })}
              >
                The last {startDay} of each month
              </Radio>
            ) : null}
            <Radio
              name={`${id}-monthly`}
              checked={schedule.monthly === 'date'}
              onChange={() => update({ monthly: 'date' })}
            >
              The same date each month ({sameDateLabel(schedule.startDate)})
            </Radio>
          </div>
          {nth &&
          schedule.monthly !== 'date' &&
          schedule.monthly !== String(nth.nth) &&
          !(schedule.monthly === '-1' && nth.last) ? (
            <p className="mt-2 text-sm text-amber-800">
              The start date is not the {NTH[Number(schedule.monthly)]} {startDay}: it moves to the first one
              after it.
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {schedule.repeat !== 'never' ? (
        <>
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">Until</legend>
            <div className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-gray-800">
              <Radio
                name={`${id}-end`}
                checked={schedule.endMode === 'never'}
                onChange={() => update({ endMode: 'never' })}
              >
                No end
              </Radio>
              <Radio
                name={`${id}-end`}
                checked={schedule.endMode === 'until'}
                onChange={() => update({ endMode: 'until' })}
              >
                A date
              </Radio>
              <Radio
                name={`${id}-end`}
                checked={schedule.endMode === 'count'}
                onChange={() => update({ endMode: 'count' })}
              >
                A number of times
              </Radio>
            </div>
            {schedule.endMode === 'until' ? (
              <div className="mt-2 max-w-56 space-y-1.5">
                <Label htmlFor={field('until')}>Last date</Label>
                <Input
                  id={field('until')}
                  type="date"
                  value={schedule.until}
                  min={schedule.startDate || undefined}
                  onChange={(event) => update({ until: event.target.value })}
                />
              </div>
            ) : null}
            {schedule.endMode === 'count' ? (
              <div className="mt-2 max-w-56 space-y-1.5">
                <Label htmlFor={field('count')}>How many times</Label>
                <Input
                  id={field('count')}
                  type="number"
                  min={1}
                  max={500}
                  value={schedule.count}
                  onChange={(event) => update({ count: Number(event.target.value) })}
                />
              </div>
            ) : null}
          </fieldset>
          <FieldError id={field('recurrence')} message={errorOf('recurrence')} />

          <div className="space-y-1.5">
            <Label htmlFor={field('exdates')}>Skip dates</Label>
            <div className="flex gap-2">
              <Input
                id={field('exdates')}
                type="date"
                value={skipDraft}
                min={schedule.startDate || undefined}
                onChange={(event) => setSkipDraft(event.target.value)}
                aria-invalid={errorOf('exdates') ? true : undefined}
                aria-describedby={describe('exdates', `${id}-skip-hint`)}
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
            <FieldError id={field('exdates')} message={errorOf('exdates')} />
          </div>
        </>
      ) : null}

      <section aria-labelledby={`${id}-preview`} aria-live="polite" className="rounded-md bg-gray-50 p-4">
        <h3 id={`${id}-preview`} className="flex items-center gap-2 text-sm font-semibold text-gray-900">
          <CalendarCheck aria-hidden="true" className="size-4 text-primary" />
          {timing.recurrence ? 'Next five dates' : 'Date'}
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
            {timing.starts_at ? 'Fix the dates above to see them here.' : 'Choose the date it starts on.'}
          </p>
        )}
      </section>
    </fieldset>
  )
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-red-700">
      {message}
    </p>
  )
}

function Radio({
  name,
  checked,
  onChange,
  children,
}: {
  name: string
  checked: boolean
  onChange: () => void
  children: React.ReactNode
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2">
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="size-4 accent-primary"
      />
      {children}
    </label>
  )
}
