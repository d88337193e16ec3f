import { useState } from 'react'

import { Input } from '#app/components/ui/input.tsx'
import { mapPositionProblem, parseMapPosition } from '#app/lib/map-position.ts'

/**
 * A box to paste a Google Maps or OpenStreetMap link (or '51.89, -8.48') into: as soon as it holds a position,
 * the form's latitude and longitude are filled in, and a line says so. Without scripts the server reads the
 * same box when the form is saved (content/church-info/admin.tsx).
 */
export function MapPositionField({
  formId,
  ...input
}: React.ComponentProps<'input'> & { formId: string; name: string }) {
  const [status, setStatus] = useState<{ found: boolean; text: string } | null>(null)

  function read(text: string) {
    if (!text.trim()) return setStatus(null)
    const position = parseMapPosition(text)
    if (!position) return setStatus({ found: false, text: mapPositionProblem(text) })
    const form = document.getElementById(formId) as HTMLFormElement | null
    for (const [name, value] of Object.entries(position)) {
      const field = form?.elements.namedItem(name)
      if (field instanceof HTMLInputElement) field.value = String(value)
    }
    setStatus({
      found: true,
      text: `Found it: latitude ${position.latitude} and longitude ${position.longitude} are filled in below.`,
    })
  }

  return (
    <>
      <Input
        {...input}
        type="text"
        inputMode="url"
        autoComplete="off"
        onChange={(e) => read(e.target.value)}
      />
      <p
        role="status"
        className={status?.found === false ? 'text-sm text-amber-800' : 'text-sm text-green-800'}
      >
        {status?.text}
      </p>
    </>
  )
}
