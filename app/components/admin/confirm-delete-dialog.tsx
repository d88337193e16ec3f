import { useRef } from 'react'

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#app/components/ui/alert-dialog.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'

/**
 * Asks before deleting; `children` is the button that opens it. Cancel returns focus to that button; after
 * Delete it is going away, so `focusAfterDelete` says where focus goes instead.
 */
export function ConfirmDeleteDialog({
  noun,
  name,
  onConfirm,
  focusAfterDelete,
  children,
}: {
  noun: string
  name: string
  onConfirm: () => void
  focusAfterDelete: () => void
  children: React.ReactNode
}) {
  const confirmed = useRef(false)
  return (
    <AlertDialog
      onOpenChange={(open) => {
        if (open) confirmed.current = false
      }}
    >
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (!confirmed.current) return
          event.preventDefault()
          focusAfterDelete()
        }}
      >
        <AlertDialogTitle>Delete this {noun.toLowerCase()}?</AlertDialogTitle>
        <AlertDialogDescription>
          “{name}” will be removed from the website. This cannot be undone.
        </AlertDialogDescription>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel className={buttonClasses({ variant: 'outline' })}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonClasses({ variant: 'destructive' })}
            onClick={() => {
              confirmed.current = true
              onConfirm()
            }}
          >
            Delete
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}
