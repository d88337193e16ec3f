import { X } from 'lucide-react'
import { useEffect } from 'react'

import type { AdminField } from '#app/lib/admin-fields.ts'
import { FormError } from './form-error.tsx'
import { LanguageTabs } from './language-tabs.tsx'
import { rememberSavedState } from './unsaved-changes.tsx'
import { Button } from '#app/components/ui/button.tsx'

/** The card holding an admin form: title, red box, fields in a two-column grid, and the save/cancel row. */
export function ItemFormCard({
  formId,
  title,
  description,
  fields,
  values,
  errors,
  message,
  details,
  busy,
  submitLabel,
  hidden,
  formRef,
  onSubmit,
  onCancel,
  translate,
}: {
  formId: string
  title: string
  description?: string
  fields: readonly AdminField[]
  values: Record<string, unknown>
  errors: Record<string, string>
  message: string | null
  details: string[]
  busy: boolean
  submitLabel: string
  hidden?: Record<string, string>
  formRef: React.RefObject<HTMLFormElement | null>
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void
  onCancel?: () => void
  /** The fields its table translates (its declaration's `translate`): a tab per language shows them. */
  translate?: readonly string[]
}) {
  const headingId = `${formId}-heading`
  // The card is shown anew (a new key) for each record, after a save and after Cancel: what it shows then is
  // the unchanged state that leaving is measured against.
  useEffect(() => {
    if (formRef.current) rememberSavedState(formRef.current)
  }, [formRef])
  return (
    <section
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-lg border border-gray-200 bg-white shadow-xs xl:scroll-mt-36"
    >
      <div className="border-b border-gray-200 px-5 py-4 sm:px-6">
        <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold text-gray-950 focus:outline-none">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-gray-600">{description}</p> : null}
      </div>
      <form
        ref={formRef}
        id={formId}
        method="post"
        noValidate
        onSubmit={onSubmit}
        // While it is being saved, leaving loses nothing (the save goes on).
        data-saving={busy || undefined}
        aria-labelledby={headingId}
        className="space-y-5 px-5 py-5 sm:px-6"
      >
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormError message={message} details={details} />
        <LanguageTabs formId={formId} fields={fields} values={values} errors={errors} translate={translate} />
        <div className="flex flex-wrap items-center gap-3 border-t border-gray-100 pt-5">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              <X aria-hidden="true" />
              Cancel
            </Button>
          ) : null}
          <p className="ml-auto text-xs text-gray-500">
            Fields marked <span className="text-red-600">*</span> are required.
          </p>
        </div>
      </form>
    </section>
  )
}
