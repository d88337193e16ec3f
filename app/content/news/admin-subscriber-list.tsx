import { History, Search, Trash2, UserX } from 'lucide-react'
import { Form, Link, useFetcher, useNavigate } from 'react-router'

import { CardList, CardListRow } from '#app/components/admin/card-list.tsx'
import { ConfirmActionDialog } from '#app/components/admin/confirm-action-dialog.tsx'
import { cardClasses } from '#app/components/admin/settings-card.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import type { AdminActionResult } from '#app/lib/admin-action-result.ts'
import { cn } from '#app/lib/cn.ts'
import { ConsentHistoryDialog, type ConsentLine } from './admin-consent-history.tsx'
import { SUBSCRIBER_STATUSES, type Subscriber, type SubscriberStatus } from './schema.ts'

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  unsubscribed: 'Unsubscribed',
  suspended: 'Suspended',
}

const STATUS_COLOURS: Record<SubscriberStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-green-100 text-green-900',
  unsubscribed: 'bg-gray-100 text-gray-700',
  suspended: 'bg-red-100 text-red-900',
}

type Item = Subscriber & { languageName: string; since: string }

/**
 * The subscribers: a tab per state with its count (links: they survive reloads and work without JavaScript), a
 * search, and per address its consent history, Remove (no more e-mails, the history kept) and Erase (nothing kept).
 */
export function SubscriberList({
  q,
  status,
  counts,
  total,
  items,
  history,
}: {
  q: string
  status: string
  counts: Record<SubscriberStatus, number>
  total: number
  items: Item[]
  history: { subscriber: Subscriber; consents: ConsentLine[] } | null
}) {
  const acting = useFetcher<AdminActionResult>({ key: 'subscriber-action' })
  useResultToast(acting.data, acting.state === 'idle')
  const navigate = useNavigate()
  const href = (changes: Record<string, string>) => {
    const params = new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}), ...changes })
    for (const [key, value] of [...params]) if (!value) params.delete(key)
    return `/admin/subscribers${params.size ? `?${params}` : ''}`
  }
  const all = Object.values(counts).reduce((sum, count) => sum + count, 0)
  return (
    <section aria-labelledby="subscribers-list" className={cn(cardClasses, 'min-w-0 self-start')}>
      <h2 id="subscribers-list" className="mb-3 text-lg font-semibold text-gray-950">
        {total === 1 ? '1 subscriber' : `${total} subscribers`}
        {q ? ' found' : ''}
      </h2>
      <nav aria-label="Subscribers by state" className="-mx-5 mb-4 overflow-x-auto px-5 sm:-mx-6 sm:px-6">
        <ul className="flex min-w-max gap-1 border-b border-gray-200">
          {[
            { value: '', label: 'All', count: all },
            ...SUBSCRIBER_STATUSES.map((value) => ({
              value,
              label: SUBSCRIBER_STATUS_LABELS[value],
              count: counts[value],
            })),
          ].map(({ value, label, count }) => (
            <li key={value || 'all'}>
              <Link
                to={href({ status: value, history: '' })}
                preventScrollReset
                aria-current={status === value ? 'page' : undefined}
                className={cn(
                  '-mb-px flex items-center gap-1.5 rounded-t-md border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary',
                  status === value
                    ? 'border-primary text-primary'
                    : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-950',
                )}
              >
                {label}
                <span className="rounded-full bg-gray-100 px-1.5 text-xs font-semibold text-gray-700 tabular-nums">
                  {count}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <div className="min-w-48 flex-1">
          <Label htmlFor="subscribers-q">Search</Label>
          <Input
            id="subscribers-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="E-mail address or name"
            className="mt-1.5"
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          Search
        </Button>
      </Form>
      <CardList
        empty={
          items.length > 0
            ? null
            : q || status
              ? 'No subscribers match.'
              : 'Nobody has signed up for the weekly news yet.'
        }
      >
        {items.map((item) => (
          <SubscriberRow
            key={item.id}
            item={item}
            historyHref={href({ history: item.id })}
            onAction={(intent) => acting.submit({ intent, id: item.id }, { method: 'post' })}
          />
        ))}
      </CardList>
      <ConsentHistoryDialog
        history={history}
        onClose={() => navigate(href({ history: '' }), { preventScrollReset: true })}
      />
    </section>
  )
}

function SubscriberRow({
  item,
  historyHref,
  onAction,
}: {
  item: Item
  historyHref: string
  onAction: (intent: 'remove' | 'erase') => void
}) {
  const who = item.name ? `${item.name} (${item.email})` : item.email
  return (
    <CardListRow
      details={
        <>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium break-all text-gray-950">{item.email}</span>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
                STATUS_COLOURS[item.status],
              )}
            >
              {SUBSCRIBER_STATUS_LABELS[item.status]}
            </span>
          </p>
          <p className="text-gray-600">
            {item.name ? `${item.name} · ` : ''}
            {item.languageName} · {item.status === 'pending' ? 'signed up' : 'since'} {item.since}
          </p>
          {item.status === 'suspended' && item.suspended_reason ? (
            <p className="mt-1 text-red-800">Suspended because: {item.suspended_reason}</p>
          ) : null}
        </>
      }
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={historyHref}
            preventScrollReset
            className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-primary hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-primary"
            aria-label={`Consent history of ${item.email}`}
          >
            <History aria-hidden="true" className="size-4" />
            History
          </Link>
          {item.status !== 'unsubscribed' ? (
            <ConfirmActionDialog
              title="Remove this subscriber?"
              description={`${who} gets no more weekly news, from now on (an e-mail waiting to leave is not sent). Their consent history keeps that staff removed them.`}
              confirm="Remove"
              onConfirm={() => onAction('remove')}
            >
              <Button variant="outline" size="sm" aria-label={`Remove ${item.email}`}>
                <UserX aria-hidden="true" />
                Remove
              </Button>
            </ConfirmActionDialog>
          ) : null}
          <ConfirmActionDialog
            title="Erase this subscriber?"
            description={`Everything kept about ${item.email} is deleted: the subscription, its consent history and its e-mails. Use this when they ask to be forgotten; it cannot be undone.`}
            confirm="Erase"
            onConfirm={() => onAction('erase')}
          >
            <Button variant="outline" size="sm" aria-label={`Erase ${item.email}`} className="text-red-700">
              <Trash2 aria-hidden="true" />
              Erase
            </Button>
          </ConfirmActionDialog>
        </div>
      }
    />
  )
}
