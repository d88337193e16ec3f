import { Download } from 'lucide-react'

import { buttonClasses } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#app/components/ui/dialog.tsx'
import type { ConsentAction, Subscriber, SubscriberConsent } from './schema.ts'

export type ConsentLine = SubscriberConsent & { when: string }

const ACTION_LABELS: Record<ConsentAction, string> = {
  subscribe: 'Signed up',
  confirm: 'Confirmed',
  unsubscribe: 'Unsubscribed',
  bounce: 'Suspended: mail refused',
  removal: 'Removed by staff',
}

/**
 * One address's consent history (GDPR Art. 7(1)): each sign-up, confirmation, unsubscribe, refusal and removal,
 * oldest first, with the words the person saw and where; downloadable as CSV.
 */
export function ConsentHistoryDialog({
  history,
  onClose,
}: {
  history: { subscriber: Subscriber; consents: ConsentLine[] } | null
  onClose: () => void
}) {
  return (
    <Dialog open={history !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {history ? (
        <DialogContent className="max-w-2xl">
          <DialogTitle>Consent history</DialogTitle>
          <DialogDescription className="break-all">
            {history.subscriber.email}: what they agreed to, when and where, oldest first.
          </DialogDescription>
          {history.consents.length === 0 ? (
            <p className="text-sm text-gray-600">Nothing is recorded for this address.</p>
          ) : (
            <ol className="space-y-3 text-sm">
              {history.consents.map((consent) => (
                <li key={consent.id} className="rounded-md border border-gray-200 p-3">
                  <p className="flex flex-wrap justify-between gap-x-3 font-medium text-gray-950">
                    <span>{ACTION_LABELS[consent.action] ?? consent.action}</span>
                    <time dateTime={consent.at} className="font-normal text-gray-600">
                      {consent.when}
                    </time>
                  </p>
                  {consent.wording ? <p className="mt-1 text-gray-700">“{consent.wording}”</p> : null}
                  <p className="mt-1 text-xs text-gray-600">
                    {[
                      consent.wording_version && `Wording of ${consent.wording_version}`,
                      consent.language && `Language ${consent.language}`,
                      consent.page && `On ${consent.page}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <a
            href={`/api/subscribers/consents?${new URLSearchParams({ email: history.subscriber.email, format: 'csv' })}`}
            className={buttonClasses({ variant: 'outline', className: 'justify-self-start' })}
            download
          >
            <Download aria-hidden="true" />
            Download the history (CSV)
          </a>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
