import { Plus } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'

import type { SelectCreate } from '#app/lib/admin-fields.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Select } from '#app/components/ui/select.tsx'

type Option = { value: string; label: string }

/**
 * A picker whose list staff can add to without leaving the form (a sermon's new series or speaker): "New series"
 * opens a name box; Add stores the record through the API and chooses it. The rest of the form is untouched, and
 * its unsaved-changes guard hears the change.
 */
export function SelectWithCreate({
  common,
  options: given,
  defaultValue,
  create,
}: {
  common: React.ComponentProps<'select'> & { id: string }
  options: readonly Option[]
  defaultValue: string
  create: SelectCreate
}) {
  const [options, setOptions] = useState<readonly Option[]>(given)
  const [adding, setAdding] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [added, setAdded] = useState<string | null>(null)
  /** The choice just added: chosen once React has rendered its option. */
  const [chosen, setChosen] = useState<string | null>(null)
  const select = useRef<HTMLSelectElement>(null)
  const name = useRef<HTMLInputElement>(null)

  // The new option exists once React has committed it: choose it then, and tell the form it changed.
  useEffect(() => {
    if (chosen === null || !select.current) return
    select.current.value = chosen
    select.current.dispatchEvent(new Event('change', { bubbles: true }))
    select.current.focus()
    setChosen(null)
  }, [chosen, options])

  async function add() {
    const value = name.current?.value.trim() ?? ''
    if (!value) {
      setProblem(`${create.field.label} is required`)
      name.current?.focus()
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const answer = await fetch(create.api, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ [create.field.name]: value }),
      })
      const body = (await answer.json().catch(() => null)) as {
        id?: string
        error?: { message?: string; fields?: Record<string, string> }
      } | null
      if (!answer.ok || !body?.id) {
        setProblem(
          body?.error?.fields?.[create.field.name] ??
            body?.error?.message ??
            'Could not add it. Please try again.',
        )
        name.current?.focus()
        return
      }
      const option = { value: body.id, label: value }
      setOptions((list) => [...list, option])
      setAdding(false)
      setAdded(`${value} added and chosen`)
      setChosen(option.value)
    } catch {
      setProblem('The connection failed. Please try again.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="space-y-2">
      <Select ref={select} {...common} defaultValue={defaultValue}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {adding ? (
        <NewOptionBox
          label={create.field.label}
          nameRef={name}
          problem={problem}
          busy={busy}
          onAdd={() => void add()}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="px-2 text-primary"
          onClick={() => {
            setProblem(null)
            setAdded(null)
            setAdding(true)
          }}
        >
          <Plus aria-hidden="true" />
          {create.label}
        </Button>
      )}
      <p role="status" className="sr-only">
        {added}
      </p>
    </div>
  )
}

/** The box a new option's name is typed in, with Add and Cancel and the problem an attempt met. */
function NewOptionBox({
  label,
  nameRef,
  problem,
  busy,
  onAdd,
  onCancel,
}: {
  label: string
  nameRef: React.RefObject<HTMLInputElement | null>
  problem: string | null
  busy: boolean
  onAdd: () => void
  onCancel: () => void
}) {
  const boxId = useId()
  return (
    <div className="rounded-md border border-gray-200 bg-gray-50 p-3">
      <label htmlFor={boxId} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="mt-1.5 flex flex-wrap gap-2">
        {/* No name: it is not one of the form's fields, and Enter adds instead of saving the whole form. */}
        <Input
          ref={nameRef}
          id={boxId}
          className="min-w-40 flex-1"
          autoFocus
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${boxId}-problem` : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              onAdd()
            } else if (event.key === 'Escape') {
              event.preventDefault()
              onCancel()
            }
          }}
        />
        <Button type="button" size="sm" className="h-10" disabled={busy} onClick={onAdd}>
          Add
        </Button>
        <Button type="button" size="sm" variant="ghost" className="h-10" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {problem ? (
        <p id={`${boxId}-problem`} className="mt-1.5 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
