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

/** Asks before deleting; `children` is the button that opens it (focus returns there on Cancel). */
export function ConfirmDeleteDialog({
  noun,
  name,
  onConfirm,
  children,
}: {
  noun: string
  name: string
  onConfirm: () => void
  children: React.ReactNode
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete this {noun.toLowerCase()}?</AlertDialogTitle>
        <AlertDialogDescription>
          “{name}” will be removed from the website. This cannot be undone.
        </AlertDialogDescription>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <AlertDialogCancel className={buttonClasses({ variant: 'outline' })}>Cancel</AlertDialogCancel>
          <AlertDialogAction className={buttonClasses({ variant: 'destructive' })} onClick={onConfirm}>
            Delete
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  )
}
