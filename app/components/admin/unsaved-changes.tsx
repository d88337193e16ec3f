import { useEffect, useRef } from 'react'
import { useBlocker } from 'react-router'

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '#app/components/ui/alert-dialog.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'

/** What a form holds as text, in order: the values a save would send (files are uploaded on their own). */
function formState(form: HTMLFormElement) {
  return JSON.stringify([...new FormData(form)].filter(([, value]) => typeof value === 'string'))
}

// The state each form element was in when it was shown (or last saved): a form differs from it once changed.
const savedStates = new WeakMap<HTMLFormElement, string>()

/** Marks a form whose controls are compared with the values they were given (`defaultValue`) instead. */
export const GUARD_ATTRIBUTE = 'data-guard-unsaved'

/**
 * Remembers a form's state as its unchanged one: called when a form is shown with stored (or empty) values. For
 * forms whose fields are written from code (rich text, pictures), where the DOM's own default values say nothing.
 */
export function rememberSavedState(form: HTMLFormElement) {
  savedStates.set(form, formState(form))
}

/** Does any control of the form hold something other than the value it was given? */
function differsFromDefaults(form: HTMLFormElement) {
  return [...form.elements].some((element) => {
    if (element instanceof HTMLInputElement) {
      if (element.type === 'checkbox' || element.type === 'radio')
        return element.checked !== element.defaultChecked
      return element.type !== 'hidden' && element.type !== 'file' && element.value !== element.defaultValue
    }
    if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue
    if (element instanceof HTMLSelectElement)
      return [...element.options].some((o) => o.selected !== o.defaultSelected)
    return false
  })
}

/**
 * Has anything been typed, chosen, uploaded or removed in the form since it was shown? Only forms that asked to
 * be guarded count (a remembered state, or the guard attribute): a search box is no unsaved work. A form being
 * saved (`data-saving`) counts as saved.
 */
export function hasUnsavedChanges(form: HTMLFormElement | null) {
  if (!form || form.hasAttribute('data-saving')) return false
  const saved = savedStates.get(form)
  if (saved !== undefined) {
    return Boolean(form.querySelector('[data-uploading="true"]')) || formState(form) !== saved
  }
  return form.hasAttribute(GUARD_ATTRIBUTE) && differsFromDefaults(form)
}

function pageHasUnsavedChanges() {
  return [...document.forms].some(hasUnsavedChanges)
}

/**
 * Asks before the admin page is left while one of its forms holds changes: a link or the admin menu, back and
 * forward (React Router's blocker, answered by the dialog below), and closing or reloading the tab
 * (`beforeunload`, answered by the browser's own question). One for the whole admin (the layout renders it):
 * React Router allows one blocker at a time.
 */
export function UnsavedChangesGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      pageHasUnsavedChanges(),
  )

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!pageHasUnsavedChanges()) return
      event.preventDefault()
      // Older browsers show the question only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [])

  return (
    <DiscardChangesDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      description="This page has changes that are not saved yet. If you leave now, they will be lost."
      stayLabel="Stay on this page"
      leaveLabel="Leave without saving"
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  )
}

/** The question before changes are thrown away: Stay (the default, and Escape) keeps them. */
export function DiscardChangesDialog({
  open,
  title,
  description,
  stayLabel,
  leaveLabel,
  onStay,
  onLeave,
}: {
  open: boolean
  title: string
  description: string
  stayLabel: string
  leaveLabel: string
  onStay: () => void
  onLeave: () => void
}) {
  const left = useRef(false)
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay()
      }}
    >
      <AlertDialogContent
        onOpenAutoFocus={() => {
          left.current = false
        }}
        onCloseAutoFocus={(event) => {
          // After Leave, focus goes where the next screen puts it, not back to the link or button pressed.
          if (left.current) event.preventDefault()
        }}
      >
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel className={buttonClasses({ variant: 'outline' })}>{stayLabel}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonClasses({ variant: 'destructive' })}
            onClick={(event) => {
              // The dialog closes by the state change that follows, not as a Stay would.
              event.preventDefault()
              left.current = true
              onLeave()
            }}
          >
            {leaveLabel}
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}
