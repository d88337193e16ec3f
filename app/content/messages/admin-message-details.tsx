import { Archive, Download, Inbox, Mail, ShieldAlert, ShieldCheck, Trash2, UserX } from 'lucide-react'

import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#app/components/ui/dialog.tsx'
import { formatMessageDate } from '#app/lib/message-format.ts'
import { replyMailto } from './reply-mailto.ts'
import type { ContactMessage, MessageStatus } from './schema.ts'

import { ConfirmActionDialog } from '#app/components/admin/confirm-action-dialog.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'

const CLOSE_ID = 'message-details-close'

export type MessageAction =
  | { intent: 'status'; status: MessageStatus }
  | { intent: 'replied' }
  | { intent: 'delete' }
  | { intent: 'erase'; email: string }

type ActionHandler = (message: ContactMessage, action: MessageAction) => void

/**
 * The 'Message Details' dialog with what staff do with a message: reply by e-mail (which marks it Replied),
 * archive or bring it back, say it is or is not spam, delete it, and for the visitor's data rights export or
 * delete every message from their address. Focus goes back to `returnFocus` when it closes.
 */
export function MessageDetailsDialog({
  message,
  onClose,
  onAction,
  returnFocus,
  timeZone,
}: {
  message: ContactMessage | null
  onClose: () => void
  onAction: ActionHandler
  returnFocus: () => HTMLElement | null
  /** The church's time zone, whose clock the date is read on. */
  timeZone: string
}) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {message ? (
        <DialogContent
          className="max-w-2xl"
          showCloseButton={false}
          // Focus starts on Close: staff mostly read, then leave; the links are a Tab away.
          onOpenAutoFocus={(event) => {
            event.preventDefault()
            document.getElementById(CLOSE_ID)?.focus()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            const target = returnFocus()
            if (target?.isConnected) target.focus()
            else document.getElementById('admin-main')?.focus()
          }}
        >
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pr-2">
            <DialogTitle className="pr-0">Message Details</DialogTitle>
            <StatusBadge status={message.status} />
          </div>
          <DialogDescription className="sr-only">
            The full contact message and what you can do with it.
          </DialogDescription>
          {message.status === 'spam' && message.spam_reason ? (
            <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
              <span>
                Put in Spam because of: {message.spam_reason}. No e-mail was sent about it. If it is a real
                message, choose &ldquo;Not spam&rdquo;.
              </span>
            </p>
          ) : null}
          <MessageFields message={message} timeZone={timeZone} />
          <div>
            <h3 className="mb-1.5 text-sm font-medium text-gray-600">Message</h3>
            <p className="max-h-[40dvh] overflow-y-auto rounded-md border border-gray-200 bg-gray-50 p-3 text-sm leading-relaxed [overflow-wrap:anywhere] whitespace-pre-wrap text-gray-950">
              {message.message}
            </p>
          </div>
          <MessageActions message={message} timeZone={timeZone} onAction={onAction} />
          <DataRights message={message} onAction={onAction} />
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

function MessageFields({ message, timeZone }: { message: ContactMessage; timeZone: string }) {
  return (
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
          <a href={`tel:${message.phone.replace(/[^\d+]/g, '')}`} className="underline underline-offset-2">
            {message.phone}
          </a>
        ) : (
          <span className="text-gray-500">Not given</span>
        )}
      </dd>
      <dt className="font-medium text-gray-600">Date</dt>
      <dd className="text-gray-950">{formatMessageDate(message.created_at, timeZone)}</dd>
      <dt className="font-medium text-gray-600">Subject</dt>
      <dd className="text-gray-950">
        {message.subject || <span className="text-gray-500">No subject</span>}
      </dd>
    </dl>
  )
}

/** Reply (which marks it Replied), move it between the inbox, the archive and spam, or delete it. */
function MessageActions({
  message,
  timeZone,
  onAction,
}: {
  message: ContactMessage
  timeZone: string
  onAction: ActionHandler
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <a
        href={replyMailto(message, timeZone)}
        className={buttonClasses()}
        onClick={() => onAction(message, { intent: 'replied' })}
      >
        <Mail aria-hidden="true" />
        Reply by e-mail
      </a>
      {message.status === 'spam' ? (
        <Button variant="outline" onClick={() => onAction(message, { intent: 'status', status: 'read' })}>
          <ShieldCheck aria-hidden="true" />
          Not spam
        </Button>
      ) : message.status === 'archived' ? (
        <Button variant="outline" onClick={() => onAction(message, { intent: 'status', status: 'read' })}>
          <Inbox aria-hidden="true" />
          Move to inbox
        </Button>
      ) : (
        <Button variant="outline" onClick={() => onAction(message, { intent: 'status', status: 'archived' })}>
          <Archive aria-hidden="true" />
          Archive
        </Button>
      )}
      {message.status !== 'spam' ? (
        <Button variant="outline" onClick={() => onAction(message, { intent: 'status', status: 'spam' })}>
          <ShieldAlert aria-hidden="true" />
          Spam
        </Button>
      ) : null}
      <ConfirmActionDialog
        title="Delete this message?"
        description={`The message from ${message.first_name} ${message.last_name} will be deleted for good. This cannot be undone.`}
        confirm="Delete"
        onConfirm={() => onAction(message, { intent: 'delete' })}
      >
        <Button variant="outline" className="text-red-700 hover:text-red-800">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </ConfirmActionDialog>
    </div>
  )
}

/** For the visitor's data rights: export or delete every message from their address. */
function DataRights({ message, onAction }: { message: ContactMessage; onAction: ActionHandler }) {
  return (
    <section aria-labelledby="message-privacy" className="rounded-md border border-gray-200 p-3 text-sm">
      <h3 id="message-privacy" className="font-medium text-gray-950">
        Data of {message.email}
      </h3>
      <p className="mt-0.5 text-gray-600">
        When this person asks to see or erase what the church holds about them.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <a
          href={`/admin/messages/export?email=${encodeURIComponent(message.email)}`}
          download
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <Download aria-hidden="true" />
          Export their messages (CSV)
        </a>
        <ConfirmActionDialog
          title="Delete every message from this address?"
          description={`Every message sent from ${message.email}, in any state, will be deleted for good, with any e-mail about them still waiting. This cannot be undone.`}
          confirm="Delete all"
          onConfirm={() => onAction(message, { intent: 'erase', email: message.email })}
        >
          <Button
            variant="outline"
            size="sm"
            className="h-auto min-h-8 max-w-full shrink py-1.5 text-left whitespace-normal text-red-700 hover:text-red-800"
          >
            <UserX aria-hidden="true" />
            Delete every message from this address
          </Button>
        </ConfirmActionDialog>
      </div>
    </section>
  )
}
