import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import type { z } from 'zod'

import { successToast } from './success-toast.tsx'
import { type AdminActionResult, fieldErrorsMessage } from '#app/lib/admin-action-result.ts'
import { fieldErrors } from '#app/schemas/fields.ts'

const IMAGE_REQUIRED = 'Please upload an image'

/** Smooth unless the person asked for less motion. */
export function scrollToTop() {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
}

/**
 * The life of an admin form: checks the input with the entity's zod schema in the browser (the same rules the
 * server applies), posts it, and turns the answer into a toast plus the red box and field messages.
 */
export function useAdminForm({
  schema,
  failToast,
  onSuccess,
  onFailure,
}: {
  schema: z.ZodType
  failToast: string
  onSuccess: () => void
  /** After the server refused the save (not after the browser's own check). */
  onFailure?: (result: AdminActionResult) => void
}) {
  const fetcher = useFetcher<AdminActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const [focusRequest, setFocusRequest] = useState(0)
  const callbacks = useRef({ onSuccess, onFailure })
  useEffect(() => {
    callbacks.current = { onSuccess, onFailure }
  })

  function showErrors(fields: Record<string, string>, text: string) {
    setErrors(fields)
    setMessage(text)
    setFocusRequest((count) => count + 1)
  }

  function clearErrors() {
    setErrors({})
    setMessage(null)
  }

  // Focus goes to the first field in error, or to the red box when no single field is to blame.
  useEffect(() => {
    if (!focusRequest) return
    const form = formRef.current
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[role="alert"]')
    target?.focus()
  }, [focusRequest])

  const handled = useRef<AdminActionResult | null>(null)
  useEffect(() => {
    const result = fetcher.data
    if (!result || fetcher.state !== 'idle' || handled.current === result) return
    handled.current = result
    if (result.ok) {
      successToast(result.toast, result.view)
      clearErrors()
      callbacks.current.onSuccess()
    } else {
      toast.error(result.toast)
      showErrors(result.fields ?? {}, result.error)
      callbacks.current.onFailure?.(result)
    }
  }, [fetcher.data, fetcher.state])

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    if (form.querySelector('[data-uploading="true"]')) {
      toast.error(failToast)
      showErrors({}, 'Please wait until the image has finished uploading')
      return
    }
    const formData = new FormData(form)
    const values = Object.fromEntries([...formData].filter(([, value]) => typeof value === 'string'))
    const result = schema.safeParse(values)
    if (!result.success) {
      const fields = fieldErrors(result.error)
      const imageMissing = Object.values(fields).includes(IMAGE_REQUIRED)
      toast.error(imageMissing ? IMAGE_REQUIRED : failToast)
      showErrors(fields, fieldErrorsMessage(fields))
      return
    }
    clearErrors()
    void fetcher.submit(formData, { method: 'post' })
  }

  return {
    formRef,
    errors,
    message,
    details: Object.keys(errors).length > 1 ? Object.values(errors) : [],
    busy: fetcher.state !== 'idle',
    handleSubmit,
    clearErrors,
  }
}
