import { fieldClasses } from './input.tsx'
import { cn } from '#app/lib/cn.ts'

export function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClasses, 'min-h-24 py-2 leading-relaxed', className)} {...props} />
}
