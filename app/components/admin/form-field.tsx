import { type AdminField, type FieldControlProps, toFieldValue } from '#app/lib/admin-fields.ts'
import { AudioUploadField } from './audio-upload-field.tsx'
import { ImageUploadField } from './image-upload-field.tsx'
import { MapPositionField } from './map-position-field.tsx'
import { RequiredMark } from './required-mark.tsx'
import { RichTextField } from './rich-text-field.tsx'
import { SelectWithCreate } from './select-with-create.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { cn } from '#app/lib/cn.ts'

/** One labelled control of an admin form, with its hint and its error message. */
export function FormField({
  field,
  formId,
  value,
  error,
  record = {},
  errors = {},
  lang,
  reference,
}: {
  field: AdminField
  formId: string
  value: unknown
  error?: string
  /** The whole record and every field's message, for a control that stands for several fields. */
  record?: Record<string, unknown>
  errors?: Record<string, string>
  /** The language of what is typed, where it is not the page's (a translation). */
  lang?: string
  /** Shown between the label and the control, and read as part of its description (a translation's main text). */
  reference?: { id: string; content: React.ReactNode }
}) {
  const id = `${formId}-${field.name}`
  const hintId = field.hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, reference?.id, hintId].filter(Boolean).join(' ') || undefined
  const defaultValue = toFieldValue(value, field.defaultValue)
  const common = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    lang,
  }

  // A control of several fields labels, describes and reports on each of them itself.
  if (field.kind === 'custom') return <field.Control formId={formId} values={record} errors={errors} />

  // What the controls that manage their own value (rich text, image, audio) are given.
  const own: FieldControlProps = {
    id,
    name: field.name,
    label: field.label,
    required: field.required,
    defaultValue,
    invalid: Boolean(error),
    describedBy,
    lang,
  }
  const control = (
    <FieldControl field={field} formId={formId} common={common} own={own} reference={reference?.content} />
  )

  // Rich text, image and audio fields label their own controls (a content-editable and file inputs).
  const ownLabel = field.kind === 'rich-text' || field.kind === 'image' || field.kind === 'audio'
  return (
    <div className={cn('space-y-1.5', field.half ? 'sm:col-span-1' : 'sm:col-span-2')}>
      {ownLabel ? null : (
        <Label htmlFor={id}>
          {field.label}
          {field.required ? <RequiredMark /> : null}
        </Label>
      )}
      {reference && field.kind !== 'rich-text' ? reference.content : null}
      {control}
      {field.hint ? (
        <p id={hintId} className="text-xs text-gray-600">
          {field.hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The control a field's kind calls for: `common` for the plain ones, `own` for those that keep their own value. */
function FieldControl({
  field,
  formId,
  common,
  own,
  reference,
}: {
  field: Exclude<AdminField, { kind: 'custom' }>
  formId: string
  common: {
    id: string
    name: string
    required?: boolean
    'aria-invalid': boolean | undefined
    'aria-describedby': string | undefined
    lang: string | undefined
  }
  own: FieldControlProps
  /** A translation's main text, shown above a rich-text editor. */
  reference?: React.ReactNode
}) {
  const { defaultValue } = own
  switch (field.kind) {
    case 'rich-text':
      return <RichTextField {...own} beforeEditor={reference} />
    case 'image':
      return <ImageUploadField {...own} />
    case 'audio':
      return <AudioUploadField {...own} />
    case 'textarea':
    case 'lines':
      return (
        <Textarea
          {...common}
          defaultValue={defaultValue}
          rows={field.rows ?? 4}
          placeholder={field.placeholder}
        />
      )
    case 'map-position':
      return <MapPositionField {...common} formId={formId} placeholder={field.placeholder} />
    case 'select':
      return field.create ? (
        <SelectWithCreate
          common={common}
          options={field.options}
          defaultValue={defaultValue}
          create={field.create}
        />
      ) : (
        <Select {...common} defaultValue={defaultValue}>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )
    default:
      return (
        <Input
          {...common}
          type={field.kind === 'decimal' ? 'text' : field.kind}
          inputMode={field.kind === 'decimal' ? 'decimal' : field.kind === 'url' ? 'url' : undefined}
          autoComplete={field.kind === 'email' || field.kind === 'tel' ? 'off' : undefined}
          defaultValue={defaultValue}
          placeholder={field.placeholder}
        />
      )
  }
}
