import { cn } from '#app/lib/cn.ts'

export function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return <label className={cn('block text-sm font-medium text-gray-800', className)} {...props} />
}
