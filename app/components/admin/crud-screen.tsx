import { useEffect, useState } from 'react'
import { useRevalidator, useSearchParams } from 'react-router'
import type { z } from 'zod'

import type { AdminField, ItemSummary } from '#app/lib/admin-fields.ts'
import { ItemFormCard } from './item-form-card.tsx'
import { ItemList } from './item-list.tsx'
import { PageHeader } from './page-header.tsx'
import { DiscardChangesDialog, hasUnsavedChanges } from './unsaved-changes.tsx'
import { scrollToTop, useAdminForm } from './use-admin-form.ts'
import { useListActions } from './use-list-actions.ts'
import type { CrudToasts, ListScreen } from '#app/content/declare.ts'
import { type AdminActionResult, SESSION_ENDED_MESSAGE } from '#app/lib/admin-action-result.ts'

const FORM_ID = 'item-form'

interface FocusRequest {
  target: 'heading' | 'field'
  count: number
}

/**
 * A screen's wording, shaped as a list screen's declaration says it (`ListScreen`): its heading and description,
 * the singular name on buttons and headings ('Event' gives 'Add Event' and 'Edit Event'), the list's heading and
 * empty text, and the toast shown when the browser-side check fails (the server's answers carry their own).
 */
export type CrudWords = Pick<ListScreen, 'title' | 'description' | 'noun' | 'listHeading' | 'emptyText'> & {
  toasts: Pick<CrudToasts, 'saveFailed'>
}

export interface CrudScreenProps<T extends { id: string }> {
  words: CrudWords
  items: readonly T[]
  fields: readonly AdminField[]
  /** The entity's zod schema: the form is checked with it before it is sent. */
  schema: z.ZodType
  describe: (item: T) => ItemSummary
  /** Items with a position (leadership, getting here, carousel): move up/down buttons. */
  ordered?: boolean
  /** Beside the heading: links to the screen's neighbours (a kind's other tables: Sermons, Series, Speakers). */
  headerLinks?: React.ReactNode
  /** Below the form and the list: cards of the screen's own (the Sermons screen's feed health and YouTube import). */
  after?: React.ReactNode
  /** The fields its table translates (its declaration's `translate`): the form has a tab per site language. */
  translate?: readonly string[]
}

/**
 * A list/edit screen (docs/specification.md §2, §4): the form card in add or edit mode beside the current
 * items, with delete confirmation and, for ordered lists, moving items up and down.
 */
export function CrudScreen<T extends { id: string }>({
  words: { title, description, noun, listHeading, emptyText, toasts },
  items,
  fields,
  schema,
  describe,
  ordered = false,
  headerLinks,
  after,
  translate,
}: CrudScreenProps<T>) {
  const { editing, orphan, formKey, edit, backToAddMode } = useEditState(items)
  const requestFocus = useFocusRequest(fields)

  // A refused write usually means the list is out of date (changed in another window): fetch it again —
  // unless the session ended, when fetching would only lead to the sign-in page and lose what was typed.
  const { revalidate } = useRevalidator()
  const refresh = (result: AdminActionResult) => {
    if (result.ok || result.error !== SESSION_ENDED_MESSAGE) void revalidate()
  }

  const form = useAdminForm({
    schema,
    failToast: toasts.saveFailed,
    onFailure: refresh,
    onSuccess: () => {
      backToAddMode()
      scrollToTop()
      requestFocus('heading')
    },
  })

  const list = useListActions(items, refresh)

  function startEditing(item: T) {
    form.clearErrors()
    edit(item)
    requestFocus('field')
  }
  // Edit chosen while the form holds changes: asked first, as leaving the page would be.
  const [editAsked, setEditAsked] = useState<T | null>(null)

  return (
    <>
      <PageHeader title={title} description={description}>
        {headerLinks}
      </PageHeader>
      <div className="grid items-start gap-6 lg:grid-cols-12">
        <div className="lg:col-span-5">
          <ItemFormCard
            key={formKey}
            formId={FORM_ID}
            formRef={form.formRef}
            title={editing ? `Edit ${noun}` : `Add ${noun}`}
            description={formDescription(noun, editing && describe(editing), orphan && describe(orphan))}
            fields={fields}
            values={((editing ?? orphan) as Record<string, unknown> | null) ?? {}}
            errors={form.errors}
            message={form.message}
            details={form.details}
            busy={form.busy}
            submitLabel={editing ? 'Save Changes' : `Add ${noun}`}
            hidden={editing ? { intent: 'update', id: editing.id } : { intent: 'create' }}
            translate={translate}
            onSubmit={form.handleSubmit}
            onCancel={
              editing || orphan
                ? () => {
                    form.clearErrors()
                    backToAddMode()
                    requestFocus('heading')
                  }
                : undefined
            }
          />
        </div>
        <div className="lg:col-span-7">
          <ItemList
            heading={listHeading}
            noun={noun}
            items={list.shown}
            emptyText={emptyText}
            describe={describe}
            editingId={editing?.id ?? null}
            ordered={ordered}
            busyIds={list.busyIds}
            onEdit={(item) => {
              // The item already in the form: what was typed stays; the form is brought into view.
              if (item.id === editing?.id) requestFocus('field')
              else if (hasUnsavedChanges(form.formRef.current)) setEditAsked(item)
              else startEditing(item)
            }}
            onDelete={list.remove}
            onMove={list.move}
          />
        </div>
      </div>
      {after}
      <DiscardChangesDialog
        open={editAsked !== null}
        title="Discard your changes?"
        description={`The form has changes that are not saved yet. If you edit “${editAsked ? describe(editAsked).title : ''}” now, they will be lost.`}
        stayLabel="Keep my changes"
        leaveLabel="Discard and edit"
        onStay={() => setEditAsked(null)}
        onLeave={() => {
          if (editAsked) startEditing(editAsked)
          setEditAsked(null)
        }}
      />
    </>
  )
}

/** Brings the form into view when asked: its heading (after a save or cancel), or its first field (Edit). */
function useFocusRequest(fields: readonly AdminField[]) {
  const [focusRequest, setFocusRequest] = useState<FocusRequest>({ target: 'heading', count: 0 })
  useEffect(() => {
    if (!focusRequest.count) return
    if (focusRequest.target === 'heading') {
      document.getElementById(`${FORM_ID}-heading`)?.focus({ preventScroll: true })
      return
    }
    const section = document.getElementById(`${FORM_ID}-heading`)?.closest('section')
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    section?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
    // The first field of the language tab that is open (a translator goes from item to item in one language).
    const first = document.getElementById(`${FORM_ID}-${fields[0].name}`)
    const field = first?.checkVisibility()
      ? first
      : section?.querySelector<HTMLElement>(
          '[role="tabpanel"][data-state="active"] :is(input:not([type="hidden"]), textarea, [contenteditable="true"])',
        )
    field?.focus({ preventScroll: true })
  }, [focusRequest, fields])
  return (target: FocusRequest['target']) =>
    setFocusRequest((request) => ({ target, count: request.count + 1 }))
}

/**
 * Which item the form edits (`?edit=<id>` opens that one: the dashboard's "needs a date" list links there), and the
 * form's key, changed to empty it. An item deleted elsewhere while it was being edited becomes the orphan: what was
 * typed stays in the form (the same form, not a new one), now adding it anew, and the form says so; Cancel empties it.
 */
function useEditState<T extends { id: string }>(items: readonly T[]) {
  const [searchParams] = useSearchParams()
  const [editing, setEditing] = useState<T | null>(
    () => items.find((item) => item.id === searchParams.get('edit')) ?? null,
  )
  const [orphan, setOrphan] = useState<T | null>(null)
  const [formKey, setFormKey] = useState(0)
  if (editing && !items.some((item) => item.id === editing.id)) {
    setOrphan(editing)
    setEditing(null)
  }
  return {
    editing,
    orphan,
    formKey,
    edit(item: T) {
      setEditing(item)
      setFormKey((key) => key + 1)
    },
    backToAddMode() {
      setEditing(null)
      setOrphan(null)
      setFormKey((key) => key + 1)
    },
  }
}

/** What the form card says: which item it edits, that the one it edited was deleted elsewhere, or that it adds. */
function formDescription(noun: string, editing: ItemSummary | null, orphan: ItemSummary | null) {
  if (editing) return `Editing “${editing.title}”.`
  if (orphan)
    return `“${orphan.title}” was deleted elsewhere. What you typed is kept: add it as a new ${noun.toLowerCase()}, or cancel.`
  return `Add a new ${noun.toLowerCase()} to the website.`
}
