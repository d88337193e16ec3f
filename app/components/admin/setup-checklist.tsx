import { ChevronRight, CircleCheck, Circle } from 'lucide-react'
import { Link, useFetcher } from 'react-router'

import { useResultToast } from './use-result-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'

import { cn } from '#app/lib/cn.ts'

export interface ChecklistStep {
  key: string
  label: string
  to: string
  done: boolean
}

/**
 * "Get your website ready": the steps a new site still needs, each leading to its screen and ticked when done.
 * Shown on the dashboard until every step is done, or until an administrator hides it (`mayHide`: a site that
 * wants no logo, say, need not see the list for ever).
 */
export function SetupChecklist({
  steps,
  mayHide = false,
}: {
  steps: readonly ChecklistStep[]
  mayHide?: boolean
}) {
  const hide = useFetcher<AdminActionResult>({ key: 'hide-setup' })
  useResultToast(hide.data, hide.state === 'idle')
  const done = steps.filter((step) => step.done).length
  if (done === steps.length) return null
  return (
    <section
      aria-labelledby="setup-heading"
      className="mb-6 rounded-lg border border-primary/25 bg-white shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-gray-200 px-4 py-3 sm:px-5">
        <h2 id="setup-heading" className="font-semibold text-gray-950">
          Get your website ready
        </h2>
        <div className="flex items-center gap-3">
          <div
            className="hidden h-2 w-28 overflow-hidden rounded-full bg-gray-200 sm:block"
            role="progressbar"
            aria-label="Website set-up"
            aria-valuemin={0}
            aria-valuemax={steps.length}
            aria-valuenow={done}
            aria-valuetext={`${done} of ${steps.length} done`}
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${(done / steps.length) * 100}%` }}
            />
          </div>
          <p className="text-sm text-gray-600 tabular-nums">
            {done} of {steps.length} done
          </p>
          {mayHide ? (
            <hide.Form method="post" action="/admin/settings">
              <input type="hidden" name="intent" value="hide-setup" />
              <Button type="submit" variant="ghost" size="sm" disabled={hide.state !== 'idle'}>
                Hide this list
              </Button>
            </hide.Form>
          ) : null}
        </div>
      </div>
      <ul className="divide-y divide-gray-100 sm:grid sm:grid-cols-2 sm:divide-y-0 sm:px-2 sm:py-2 lg:grid-cols-3">
        {steps.map((step) => (
          <li key={step.key}>
            <Link
              to={step.to}
              className={cn(
                'group flex min-h-11 items-center gap-3 px-4 py-2 text-sm sm:rounded-md sm:px-3',
                'hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
              )}
            >
              {step.done ? (
                <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
              ) : (
                <Circle aria-hidden="true" className="size-5 shrink-0 text-gray-400" />
              )}
              <span
                className={cn(
                  'min-w-0 flex-1',
                  step.done ? 'text-gray-500 line-through decoration-gray-400' : 'font-medium text-gray-900',
                )}
              >
                {step.label}
                <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="size-4 shrink-0 text-gray-400 transition group-hover:translate-x-0.5 group-hover:text-primary"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
