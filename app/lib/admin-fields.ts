/** The label of a picture's description, said the same on every form (issue 18). */
export const IMAGE_ALT_LABEL = 'Image description (for people who cannot see it)'

interface BaseField {
  name: string
  label: string
  /** Left out on a screen made from its declaration: read from the field's schema (`requiredFrom`). */
  required?: boolean
  /** Help shown under the field, e.g. the country-code hint of phone numbers. */
  hint?: string
  placeholder?: string
  /** Shown when the record has no value yet (docs/specification.md §3: the map's default coordinates). */
  defaultValue?: string
  /** Half the form's width from the small breakpoint up, beside another half field. */
  half?: boolean
}

/** How a select adds a new choice: the button's words, the API that stores it, and the one field it asks for. */
export interface SelectCreate {
  label: string
  api: string
  field: { name: string; label: string }
}

/** One field of an admin form; the kind picks the control. */
export type AdminField =
  | (BaseField & {
      kind: 'text' | 'email' | 'tel' | 'decimal' | 'url' | 'date' | 'datetime-local' | 'number'
    })
  | (BaseField & { kind: 'textarea' | 'lines'; rows?: number })
  | (BaseField & { kind: 'rich-text' })
  | (BaseField & { kind: 'image' })
  /** Sermon audio: an MP3 or M4A uploaded resumably, or an address elsewhere. */
  | (BaseField & { kind: 'audio' })
  | (BaseField & {
      kind: 'select'
      options: ReadonlyArray<{ value: string; label: string }>
      /** Lets staff add a choice in place (a new series), stored through the API. */
      create?: SelectCreate
    })
  /**
   * A control of the screen's own that stands for several stored fields (an event's dates and repeat rule): it
   * labels, describes and reports on them itself. Given by the screen, so only that screen's code loads it.
   */
  | (BaseField & {
      kind: 'custom'
      Control: React.ComponentType<CustomControlProps>
      /** The stored text fields it stands for that visitors read, as a translation tab offers them. */
      translates?: readonly AdminField[]
    })
  /** Not stored: a pasted map link or coordinates fill the latitude and longitude fields of the form. */
  | (BaseField & { kind: 'map-position' })

/** A stored value as the text a form control holds: lists one per line, booleans 'true'/'false'. */
export function toFieldValue(value: unknown, fallback = ''): string {
  if (value === null || value === undefined || value === '') return fallback
  if (Array.isArray(value)) return value.join('\n')
  return String(value)
}

/** What a form gives a `custom` control: the whole record and every field's message. */
export interface CustomControlProps {
  formId: string
  values: Record<string, unknown>
  errors: Record<string, string>
}

/** What a form gives the control of one of its fields that manages its own value (image, rich text). */
export interface FieldControlProps {
  id: string
  name: string
  label: string
  required?: boolean
  defaultValue: string
  invalid?: boolean
  describedBy?: string
  /** The language of what is typed, where it is not the page's (a translation). */
  lang?: string
}

/**
 * The description of the form's picture (`image_alt`), right below it: read aloud by screen readers in place of
 * the picture, and shown when it cannot load. `fallback` says what is read when it is left empty.
 */
export function imageAltField({ required, fallback }: { required?: boolean; fallback?: string } = {}) {
  const example = 'What the picture shows, in a sentence, e.g. “Children singing at the Christmas service”.'
  return {
    kind: 'text',
    name: 'image_alt',
    label: IMAGE_ALT_LABEL,
    required,
    hint: fallback ? `${example} Left empty, ${fallback} is read instead.` : example,
  } satisfies AdminField
}

/** How a list/edit screen shows one record in its list (app/components/admin/item-list.tsx). */
export interface ItemSummary {
  title: string
  /** Short facts under the title, e.g. date and time. */
  meta?: Array<string | null | undefined>
  badge?: string | null
  /** A plain-text excerpt (two lines at most). */
  excerpt?: string | null
  /** Show an image column; the address may be empty (a placeholder is shown). */
  image?: { url: string | null | undefined }
  /** A screen of the item's own beside Edit (an event's registrations): its address, words and accessible name. */
  link?: { to: string; label: string; name: string }
}

/**
 * Whether a field must be filled in, as its schema says: a field whose schema refuses a missing value. A form's
 * `required` is read from here, so the red asterisk and the server's "is required" cannot disagree.
 */
export function requiredFrom(
  schema: { shape: Readonly<Record<string, { safeParse(value: unknown): { success: boolean } }>> },
  field: AdminField,
): AdminField {
  if (field.required !== undefined || field.kind === 'custom' || !Object.hasOwn(schema.shape, field.name))
    return field
  return { ...field, required: !schema.shape[field.name].safeParse(undefined).success }
}
