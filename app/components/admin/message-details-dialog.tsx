import { Button } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { formatMessageDate } from '#app/lib/message-format.ts'
import type { ContactMessage } from '#app/schemas/contact-message.ts'

const CLOSE_ID = 'message-details-close'

/** The 'Message Details' dialog; focus goes back to `returnFocus` when it closes. */
export function MessageDetailsDialog({
  message,
  onClose,
  returnFocus,
}: {
  message: ContactMessage | null
  onClose: () => void
  returnFocus: () => HTMLElement | null
}) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {message ? (
        <DialogContent
          className="max-w-xl"
          showCloseButton={false}
          // Focus starts on Close: staff mostly read, then leave; the links are a Tab away.
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            document.getElementById(CLOSE_ID)?.focus()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocus()?.focus()
          }}
        >
          <DialogTitle>Message Details</DialogTitle>
          <DialogDescription className="sr-only">
            The full contact message and how to reply.
          </DialogDescription>
          <dl className="grid gap-x-6 gap-y-3 text-sm [overflow-wrap:anywhere] sm:grid-cols-[7rem_minmax(0,1fr)]">
            <dt className="font-medium text-gray-600">Name</dt>
            <dd className="text-gray-950">
              {message.first_name} {message.last_name}
            </dd>
            <dt className="font-medium text-gray-600">Email</dt>
            <dd>
              <a
                href={`mailto:${message.email}`}
                className="break-all text-primary underline underline-offset-2 hover:no-underline"
              >
                {message.email}
              </a>
            </dd>
            <dt className="font-medium text-gray-600">Phone</dt>
            <dd className="text-gray-950">
              {message.phone ? (
                <a
                  href={`tel:${message.phone.replace(/[^\d+]/g, '')}`}
                  className="underline underline-offset-2"
                >
                  {message.phone}
                </a>
              ) : (
                <span className="text-gray-500">Not given</span>
              )}
            </dd>
            <dt className="font-medium text-gray-600">Date</dt>
            <dd className="text-gray-950">{formatMessageDate(message.created_at)}</dd>
            <dt className="font-medium text-gray-600">Subject</dt>
            <dd className="text-gray-950">
              {message.subject || <span className="text-gray-500">No subject</span>}
            </dd>
          </dl>
          <div>
            <h3 className="mb-1.5 text-sm font-medium text-gray-600">Message</h3>
            <p className="rounded-md border border-gray-200 bg-gray-50 p-3 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-wrap text-gray-950">
              {message.message}
            </p>
          </div>
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button id={CLOSE_ID} variant="outline">
                Close
              </Button>
            </DialogClose>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
