import type { LucideIcon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'

import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/lib/cn.ts'

import { GUARD_ATTRIBUTE } from './unsaved-changes.tsx'

/** A card of a screen made of small forms, each saved on its own (Settings, My account). */
export const cardClasses = 'rounded-lg border border-gray-200 bg-white p-5 shadow-xs sm:p-6'

/** A card's heading, which names its region (`aria-labelledby={id}` on the card). */
export function CardHeading({ id, icon: Icon, title }: { id: string; icon: LucideIcon; title: string }) {
  return (
    <h2 id={id} className="mb-3 flex items-center gap-2 text-lg font-semibold text-gray-950">
      <Icon aria-hidden="true" className="size-5 text-primary" />
      {title}
    </h2>
  )
}

/** Leaving with a changed field asks first (components/admin/unsaved-changes.tsx); saving leaves freely. */
export const guardedForm = (busy: boolean) => ({ [GUARD_ATTRIBUTE]: '', 'data-saving': busy || undefined })

/** A card's labelled text input, with its error (`errorId`, `${id}-error` unless told) and hint under it. */
export function CardField({
  id,
  label,
  error,
  errorId = `${id}-error`,
  hint,
  ...input
}: { id: string; label: string; error?: string; errorId?: string; hint?: string } & ComponentProps<
  typeof Input
>) {
  const described = cn(hint && `${id}-hint`, error && errorId) || undefined
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="mt-1.5"
        {...input}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** A card's checkbox with its label beside it. */
export function CardCheckbox({
  id,
  name,
  defaultChecked,
  children,
}: {
  id: string
  name: string
  defaultChecked: boolean
  children: ReactNode
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        className="mt-0.5 size-4 accent-primary"
      />
      <Label htmlFor={id} className="font-normal">
        {children}
      </Label>
    </div>
  )
}
