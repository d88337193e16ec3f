import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/lib/cn.ts'
import { Radio } from './controls.tsx'
import { NTH, nthOf, sameDateLabel, type ScheduleProps, WEEKDAYS } from './schedule.ts'

/** Every few weeks: how many, and (weekly too) on which days. */
export function WeekdayChoice({ schedule, update, field }: ScheduleProps) {
  return (
    <>
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
    </>
  )
}

/** Every month: on the nth (or last) weekday of the start date, or on its date. */
export function MonthlyChoice({ schedule, update, id }: ScheduleProps) {
  const nth = nthOf(schedule.startDate)
  const startDay = nth?.weekday[2] ?? 'day'
  return (
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
  )
}

/** Until when it repeats: no end, a last date or a number of times. */
export function EndChoice({ schedule, update, field, id }: ScheduleProps) {
  return (
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
  )
}
