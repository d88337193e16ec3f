import { Search, X } from 'lucide-react'
import { Form, useFetcher } from 'react-router'

import { CardList, CardListRow } from '#app/components/admin/card-list.tsx'
import { ConfirmActionDialog } from '#app/components/admin/confirm-action-dialog.tsx'
import { cardClasses } from '#app/components/admin/settings-card.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { cn } from '#app/lib/cn.ts'
import { REGISTRATION_STATUSES, type Registration, type RegistrationStatus } from './schema.ts'

const STATUS_LABELS: Record<RegistrationStatus, string> = {
  confirmed: 'Confirmed',
  waiting: 'Waiting list',
  cancelled: 'Cancelled',
  spam: 'Spam',
}

type Item = Registration & { created: string }

/** An event's registrations: a search by text and state, and per person their state and a Cancel. */
export function RegistrationList({
  items,
  total,
  q,
  status,
  labels,
}: {
  items: Item[]
  total: number
  q: string
  status: string
  /** Each date's label, by occurrence. */
  labels: Record<string, string>
}) {
  const cancelling = useFetcher<AdminActionResult>({ key: 'registration-cancel' })
  useResultToast(cancelling.data, cancelling.state === 'idle')
  return (
    <section aria-labelledby="registrations-list" className={cn(cardClasses, 'min-w-0 self-start')}>
      <h2 id="registrations-list" className="mb-4 text-lg font-semibold text-gray-950">
        {total === 1 ? '1 registration' : `${total} registrations`}
      </h2>
      <RegistrationSearch q={q} status={status} />
      <CardList
        empty={
          items.length > 0 ? null : q || status ? 'No registrations match.' : 'Nobody has registered yet.'
        }
      >
        {items.map((item) => (
          <RegistrationRow
            key={item.id}
            item={item}
            dateLabel={labels[item.occurrence]}
            onCancel={() => cancelling.submit({ intent: 'cancel', id: item.id }, { method: 'post' })}
          />
        ))}
      </CardList>
    </section>
  )
}

function RegistrationSearch({ q, status }: { q: string; status: string }) {
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1">
        <Label htmlFor="registrations-q">Search</Label>
        <Input
          id="registrations-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Name, e-mail or note"
          className="mt-1.5"
        />
      </div>
      <div className="w-44">
        <Label htmlFor="registrations-status">Status</Label>
        <Select id="registrations-status" name="status" defaultValue={status} className="mt-1.5">
          <option value="">All</option>
          {REGISTRATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" />
        Search
      </Button>
    </Form>
  )
}

function RegistrationRow({
  item,
  dateLabel,
  onCancel,
}: {
  item: Item
  dateLabel: string | undefined
  onCancel: () => void
}) {
  return (
    <CardListRow
      details={
        <>
          <p className="font-medium text-gray-950">
            {item.name}
            <span className="font-normal text-gray-600">
              {' '}
              · {item.people === 1 ? '1 person' : `${item.people} people`}
            </span>
          </p>
          <p className="break-all text-gray-600">{item.email}</p>
          {item.note ? <p className="mt-1 text-gray-600">“{item.note}”</p> : null}
          <p className="mt-1 text-xs text-gray-500">
            {dateLabel} · registered {item.created}
          </p>
        </>
      }
      actions={
        <div className="flex shrink-0 items-center gap-3">
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
              item.status === 'confirmed'
                ? 'bg-green-100 text-green-900'
                : item.status === 'waiting'
                  ? 'bg-amber-100 text-amber-900'
                  : 'bg-gray-100 text-gray-700',
            )}
            title={item.spam_reason ?? undefined}
          >
            {STATUS_LABELS[item.status]}
          </span>
          {item.status === 'confirmed' || item.status === 'waiting' ? (
            <ConfirmActionDialog
              title="Cancel this registration?"
              description={`${item.name}’s registration is cancelled${item.status === 'confirmed' ? ', and the first on the waiting list moves up into the places' : ''}. They are not e-mailed.`}
              confirm="Cancel registration"
              onConfirm={onCancel}
            >
              <Button variant="outline" size="sm" aria-label={`Cancel ${item.name}’s registration`}>
                <X aria-hidden="true" />
                Cancel
              </Button>
            </ConfirmActionDialog>
          ) : null}
        </div>
      }
    />
  )
}
