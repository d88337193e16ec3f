import { cn } from '#app/lib/cn.ts'

/** Shared look of text inputs, text areas and selects. */
export const fieldClasses = cn(
  'w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-xs transition-colors',
  'placeholder:text-gray-400 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary/40',
  'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:opacity-70',
  'aria-invalid:border-red-500 aria-invalid:focus-visible:outline-red-500/40',
)

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10 py-2', className)} {...props} />
}
