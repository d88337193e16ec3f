import { cn } from '#app/lib/cn.ts'

type Variant = 'primary' | 'outline' | 'ghost' | 'light'
type Size = 'sm' | 'md' | 'lg'

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-primary text-white shadow-sm hover:brightness-110 active:brightness-95',
  outline:
    'border border-primary/30 bg-transparent text-primary-text hover:bg-primary/10 dark:border-primary-text/40 dark:hover:bg-primary-text/10',
  ghost: 'text-primary-text hover:bg-primary/10 dark:hover:bg-primary-text/10',
  light: 'bg-white text-stone-900 shadow-sm hover:bg-stone-100',
}

const SIZES: Record<Size, string> = {
  sm: 'min-h-9 px-4 py-1.5 text-sm',
  md: 'min-h-11 px-5 py-2 text-sm',
  lg: 'min-h-12 px-7 py-2.5 text-base',
}

/** The site's button look, for <button> and for links that look like buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: Variant; size?: Size; className?: string } = {}) {
  return cn(
    'inline-flex max-w-full items-center justify-center gap-2 rounded-full text-center font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-text disabled:pointer-events-none disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    className,
  )
}
