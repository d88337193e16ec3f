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

/** A confirmation before something that cannot be undone; `children` is the button that asks. */
export function ConfirmActionDialog({
  title,
  description,
  confirm,
  onConfirm,
  children,
}: {
  title: string
  description: string
  confirm: string
  onConfirm: () => void
  children: React.ReactNode
}) {
  const confirmed = useRef(false)
  return (
    <AlertDialog onOpenChange={(open) => (open ? (confirmed.current = false) : null)}>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // After confirming, what opened it is going away: the caller decides where focus goes.
          if (confirmed.current) event.preventDefault()
        }}
      >
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel className={buttonClasses({ variant: 'outline' })}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonClasses({ variant: 'destructive' })}
            onClick={() => {
              confirmed.current = true
              onConfirm()
            }}
          >
            {confirm}
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}
