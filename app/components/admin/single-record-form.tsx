import { useEffect, useState } from 'react'
import type { z } from 'zod'

import type { AdminField } from '#app/lib/admin-fields.ts'
import { ItemFormCard } from './item-form-card.tsx'
import { PageHeader } from './page-header.tsx'
import { scrollToTop, useAdminForm } from './use-admin-form.ts'

const FORM_ID = 'record-form'

/** The screen of a single-record table (church info, about us): one form, saved as a whole. */
export function SingleRecordForm({
  title,
  description,
  formTitle,
  formDescription,
  fields,
  values,
  schema,
  failToast,
  translate,
}: {
  title: string
  description: string
  formTitle: string
  formDescription?: string
  fields: readonly AdminField[]
  values: Record<string, unknown>
  schema: z.ZodType
  failToast: string
  /** The fields its table translates (its declaration's `translate`): the form has a tab per site language. */
  translate?: readonly string[]
}) {
  // Re-created after a save so the fields show what the server stored (e.g. a cleared coordinate).
  const [formKey, setFormKey] = useState(0)
  const form = useAdminForm({
    schema,
    failToast,
    onSuccess: () => {
      setFormKey((key) => key + 1)
      scrollToTop()
    },
  })
  useEffect(() => {
    if (formKey) document.getElementById(`${FORM_ID}-heading`)?.focus({ preventScroll: true })
  }, [formKey])

  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="max-w-3xl">
        <ItemFormCard
          key={formKey}
          formId={FORM_ID}
          formRef={form.formRef}
          title={formTitle}
          description={formDescription}
          fields={fields}
          values={values}
          errors={form.errors}
          message={form.message}
          details={form.details}
          busy={form.busy}
          submitLabel="Save Changes"
          onSubmit={form.handleSubmit}
          translate={translate}
        />
      </div>
    </>
  )
}
