import { Slot } from 'radix-ui'

import { cn } from '#app/lib/cn.ts'

const VARIANTS = {
  default: 'bg-primary text-white shadow-sm hover:bg-primary/90',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  outline: 'border border-gray-300 bg-white text-gray-800 shadow-xs hover:bg-gray-50 hover:text-gray-950',
  secondary: 'bg-gray-100 text-gray-900 hover:bg-gray-200',
  ghost: 'text-gray-700 hover:bg-gray-100 hover:text-gray-950',
} as const

const SIZES = {
  default: 'h-10 px-4 text-sm',
  sm: 'h-8 gap-1.5 px-3 text-sm',
  icon: 'size-9',
} as const

export type ButtonVariant = keyof typeof VARIANTS
export type ButtonSize = keyof typeof SIZES

/** The class names of a button, for links and other elements that should look like one. */
export function buttonClasses({
  variant = 'default',
  size = 'default',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
    VARIANTS[variant],
    SIZES[size],
    className,
  )
}

export interface ButtonProps extends React.ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Render the child element (a link, say) with the button's look instead of a <button>. */
  asChild?: boolean
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button'
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={buttonClasses({ variant, size, className })}
      {...props}
    />
  )
}
