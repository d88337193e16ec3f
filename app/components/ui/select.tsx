import { ChevronDown } from 'lucide-react'

import { fieldClasses } from './input.tsx'
import { cn } from '#app/lib/cn.ts'

/** A native select (keyboard, screen reader and phone pickers for free) with the input look. */
export function Select({ className, children, ...props }: React.ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select
        className={cn(fieldClasses, 'h-10 cursor-pointer appearance-none py-2 pr-9', className)}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-500"
      />
    </div>
  )
}
