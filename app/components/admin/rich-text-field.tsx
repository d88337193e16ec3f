import { lazy, Suspense, useState, useSyncExternalStore } from 'react'

import type { FieldControlProps } from '#app/lib/admin-fields.ts'
import { RequiredMark } from './required-mark.tsx'
import { cn } from '#app/lib/cn.ts'

// TipTap is big: loaded on demand in the browser only, so it never reaches public pages or the server render.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'))

const noSubscribe = () => () => {}

/** A rich-text field: the TipTap editor writing HTML into a hidden input named `name`. */
export function RichTextField({
  id,
  name,
  label,
  required,
  defaultValue,
  invalid,
  describedBy,
  lang,
  beforeEditor,
}: FieldControlProps & {
  /** Shown between the label and the editor (a translation's main text). */
  beforeEditor?: React.ReactNode
}) {
  const [html, setHtml] = useState(defaultValue)
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  )
  const labelId = `${id}-label`
  const placeholder = (
    <div
      aria-busy="true"
      className="flex min-h-[12.625rem] items-center justify-center rounded-md border border-gray-300 bg-gray-50 text-sm text-gray-500"
    >
      Loading editor...
    </div>
  )
  return (
    <div>
      {/* A content-editable cannot be the target of <label for>: clicking the label focuses the editor instead. */}
      <div
        id={labelId}
        className="mb-1.5 block w-fit text-sm font-medium text-gray-800"
        onClick={() => document.getElementById(id)?.focus()}
      >
        {label}
        {required ? <RequiredMark /> : null}
      </div>
      {beforeEditor ? <div className="mb-2">{beforeEditor}</div> : null}
      <input type="hidden" name={name} value={html} />
      <div className={cn(invalid && '[&_.ProseMirror]:border-red-500')}>
        {hydrated ? (
          <Suspense fallback={placeholder}>
            <RichTextEditor
              id={id}
              labelId={labelId}
              initialHtml={defaultValue}
              onChange={setHtml}
              required={required}
              invalid={invalid}
              describedBy={describedBy}
              lang={lang}
            />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </div>
  )
}
