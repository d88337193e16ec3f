import { CircleAlert } from 'lucide-react'

import { SESSION_ENDED_MESSAGE } from '#app/lib/admin-action-result.ts'
import { cn } from '#app/lib/cn.ts'

/** The red box that tells staff why a form was not saved; announced to screen readers when it appears. */
export function FormError({
  message,
  details,
  className,
  id,
}: {
  message?: string | null
  details?: string[]
  className?: string
  id?: string
}) {
  const extra = (details ?? []).filter((detail) => detail !== message)
  return (
    <div
      id={id}
      role="alert"
      tabIndex={-1}
      className={cn('focus:outline-none', !message && 'hidden', className)}
    >
      {message ? (
        <div className="flex gap-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
          <div>
            <p className="font-medium">{message}</p>
            {message === SESSION_ENDED_MESSAGE ? (
              <a
                href="/admin/login"
                target="_blank"
                rel="noopener"
                className="mt-1 inline-block font-semibold underline underline-offset-2"
              >
                Sign in again (opens a new tab)
              </a>
            ) : null}
            {extra.length > 0 ? (
              <ul className="mt-1 list-disc space-y-0.5 pl-4">
                {extra.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  )
}
