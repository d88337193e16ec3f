import { Link } from 'react-router'

import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'

/** A link to the next or previous page of a long list; on the first or last page it shows, dimmed, as text. */
export function PageLink({
  to,
  disabled,
  label,
  children,
}: {
  to: string
  disabled: boolean
  /** What a screen reader says for it ("Previous page", "Older entries"). */
  label: string
  children: React.ReactNode
}) {
  const classes = buttonClasses({ variant: 'outline', size: 'sm', className: 'h-9' })
  if (disabled) {
    return (
      <span aria-disabled="true" className={cn(classes, 'pointer-events-none opacity-50')}>
        {children}
      </span>
    )
  }
  return (
    <Link to={to} className={classes} aria-label={label}>
      {children}
    </Link>
  )
}
