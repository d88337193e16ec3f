import { ArrowLeft, Download, Mail, UserPlus } from 'lucide-react'
import { data, Link, useFetcher } from 'react-router'

import type { Route } from './+types/admin.ts'
import { actorFromSession, requireRegistrationsArea } from '#app/auth/session.server.ts'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { CardHeading, cardClasses, guardedForm } from '#app/components/admin/settings-card.tsx'
import { useResultToast } from '#app/components/admin/use-result-toast.ts'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { runtimeContext } from '#app/context.ts'
import { type AdminActionResult, fieldErrorsMessage } from '#app/lib/admin-action-result.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { HttpError } from '#app/lib/errors.ts'
import { formatMessageDate } from '#app/lib/message-format.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { sessionEnded } from '#app/server/admin-actions.server.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { getEvent } from '#app/content/events/model.server.ts'
import { listRegistrations } from './model.server.ts'
import { placesText } from './places.ts'
import { REGISTRATION_PEOPLE_MAX, REGISTRATION_STATUSES, type RegistrationStatus } from './schema.ts'
import { RegistrationList } from './admin-registration-list.tsx'
import { registrationsAction, registrationsActionFailedToast } from './admin-action.server.ts'
import { dateLabels, registrationDates } from './dates-offered.server.ts'

const PAGE_SIZE = 100

export const meta = ({ data }: Route.MetaArgs) => adminMeta(`Registrations: ${data?.event.title ?? 'event'}`)

export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireRegistrationsArea(context)
  const runtime = context.get(runtimeContext)
  const { db, clock } = runtime
  const event = await getEvent({ db, id: params.id })
  if (!event) throw data('There is no such event', { status: 404 })
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200)
  const statusParam = url.searchParams.get('status') ?? ''
  const status = (REGISTRATION_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as RegistrationStatus)
    : undefined
  const [{ items, total }, all, dates, zone] = await Promise.all([
    listRegistrations({ db, eventId: event.id, q, status, limit: PAGE_SIZE }),
    listRegistrations({ db, eventId: event.id, limit: 500 }),
    registrationDates({ db, clock, event }),
    churchTimeZone({ db }),
  ])
  const confirmed = all.items.filter((item) => item.status === 'confirmed')
  return {
    event: {
      id: event.id,
      title: event.title,
      capacity: event.capacity,
      registration: event.registration,
      repeating: event.recurrence !== null,
    },
    items: items.map((item) => ({
      ...item,
      created: formatMessageDate(item.created_at, zone),
    })),
    total,
    q,
    status: status ?? '',
    labels: dateLabels(
      event,
      [...items, ...all.items].map((item) => item.occurrence),
    ),
    summary: {
      people: confirmed.reduce((sum, item) => sum + item.people, 0),
      registrations: confirmed.length,
      waiting: all.items.filter((item) => item.status === 'waiting').length,
    },
    dates,
    mailEnabled: runtime.mail !== null,
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const session = await requireRegistrationsArea(context, { inAction: true })
  const runtime = context.get(runtimeContext)
  let intent = ''
  try {
    const form = await readFormBody(request)
    intent = String(form.get('intent') ?? '')
    if (!session) return sessionEnded(intent, registrationsActionFailedToast(intent))
    const toast = await registrationsAction({
      runtime,
      eventId: params.id,
      form,
      actor: actorFromSession(session, runtime.clock),
    })
    return { ok: true, intent, toast } satisfies AdminActionResult
  } catch (error) {
    if (!(error instanceof HttpError)) {
      runtime.logger.error({ err: error, intent }, 'registrations action failed')
      return data(
        {
          ok: false,
          intent,
          toast: registrationsActionFailedToast(intent),
          error: 'Something went wrong on our side. Please try again.',
        } satisfies AdminActionResult,
        { status: 500 },
      )
    }
    return data(
      {
        ok: false,
        intent,
        toast: registrationsActionFailedToast(intent),
        error: error.fields ? fieldErrorsMessage(error.fields) : error.message,
        fields: error.fields,
      } satisfies AdminActionResult,
      { status: error.status },
    )
  }
}

export default function RegistrationsScreen({ loaderData }: Route.ComponentProps) {
  const { event, items, total, q, status, labels, summary, dates, mailEnabled } = loaderData
  const exportParams = new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}) })
  return (
    <>
      <Link
        to="/admin/events"
        className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Events
      </Link>
      <PageHeader
        title={`Registrations: ${event.title}`}
        description={`${placesTaken(event, summary.people)} · ${summary.registrations} confirmed · ${summary.waiting} on the waiting list`}
      >
        <a
          href={`/admin/events/${event.id}/registrations/export${exportParams.size ? `?${exportParams}` : ''}`}
          className={buttonClasses({ variant: 'outline' })}
          download
        >
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </PageHeader>

      {!event.registration ? (
        <p className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          This event does not take registrations now: switch them on in the event’s form (Events, Edit).
        </p>
      ) : null}

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <RegistrationList items={items} total={total} q={q} status={status} labels={labels} />
        <div className="space-y-6">
          <AddCard dates={dates} />
          <EmailCard dates={dates} mailEnabled={mailEnabled} count={summary.registrations} />
        </div>
      </div>
    </>
  )
}

function placesTaken(event: { capacity: number | null; repeating: boolean }, people: number) {
  if (event.capacity === null) return `${people} ${people === 1 ? 'place' : 'places'} taken`
  // Places are counted per date: the total over all dates is no share of one date's places.
  if (event.repeating)
    return `${people} ${people === 1 ? 'place' : 'places'} taken over all dates (${event.capacity} a date)`
  return `${people} of ${event.capacity} places taken`
}

type Dates = Route.ComponentProps['loaderData']['dates']

function DateField({ id, dates, all }: { id: string; dates: Dates; all?: boolean }) {
  if (dates.length <= 1 && !all) {
    return dates[0] ? <input type="hidden" name="occurrence" value={dates[0].occurrence} /> : null
  }
  return (
    <div>
      <Label htmlFor={id}>Date</Label>
      <Select id={id} name="occurrence" className="mt-1.5">
        {all ? <option value="">Every date</option> : null}
        {dates.map((date) => {
          const places = placesText(date)
          return (
            <option key={date.occurrence} value={date.occurrence}>
              {places ? `${date.label} (${places})` : date.label}
            </option>
          )
        })}
      </Select>
    </div>
  )
}

function AddCard({ dates }: { dates: Dates }) {
  const fetcher = useFetcher<AdminActionResult>({ key: 'registration-add' })
  const busy = fetcher.state !== 'idle'
  useResultToast(fetcher.data, fetcher.state === 'idle')
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null
  return (
    <section aria-labelledby="registration-add" className={cardClasses}>
      <CardHeading id="registration-add" icon={UserPlus} title="Add a registration" />
      {dates.length === 0 ? (
        <p className="text-sm text-gray-600">No date of this event is open for registrations.</p>
      ) : (
        <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
          <input type="hidden" name="intent" value="add" />
          {failure ? (
            <p role="alert" className="text-sm text-red-700">
              {failure.error}
            </p>
          ) : null}
          <DateField id="registration-add-date" dates={dates} />
          <div>
            <Label htmlFor="registration-add-name">Name</Label>
            <Input id="registration-add-name" name="name" required className="mt-1.5" />
          </div>
          <div>
            <Label htmlFor="registration-add-email">E-mail</Label>
            <Input id="registration-add-email" name="email" type="email" required className="mt-1.5" />
          </div>
          <div>
            <Label htmlFor="registration-add-people">Number of people</Label>
            <Select id="registration-add-people" name="people" defaultValue="1" className="mt-1.5">
              {Array.from({ length: REGISTRATION_PEOPLE_MAX }, (_, index) => (
                <option key={index} value={String(index + 1)}>
                  {index + 1}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="registration-add-note">Note</Label>
            <Textarea id="registration-add-note" name="note" rows={2} className="mt-1.5" />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Adding...' : 'Add registration'}
          </Button>
        </fetcher.Form>
      )}
    </section>
  )
}

function EmailCard({ dates, mailEnabled, count }: { dates: Dates; mailEnabled: boolean; count: number }) {
  const fetcher = useFetcher<AdminActionResult>({ key: 'registration-email' })
  const busy = fetcher.state !== 'idle'
  useResultToast(fetcher.data, fetcher.state === 'idle')
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null
  return (
    <section aria-labelledby="registration-email" className={cardClasses}>
      <CardHeading id="registration-email" icon={Mail} title="E-mail everyone registered" />
      {!mailEnabled ? (
        <p className="text-sm text-gray-600">E-mail is off: set SMTP_URL and MAIL_FROM to send e-mails.</p>
      ) : count === 0 ? (
        <p className="text-sm text-gray-600">Nobody is registered yet.</p>
      ) : (
        <fetcher.Form method="post" className="space-y-3" {...guardedForm(busy)}>
          <input type="hidden" name="intent" value="email" />
          <p className="text-sm text-gray-600">
            Goes to each confirmed person once (not the waiting list), through the site’s e-mail.
          </p>
          {failure ? (
            <p role="alert" className="text-sm text-red-700">
              {failure.error}
            </p>
          ) : null}
          {dates.length > 1 ? <DateField id="registration-email-date" dates={dates} all /> : null}
          <div>
            <Label htmlFor="registration-email-subject">Subject</Label>
            <Input id="registration-email-subject" name="subject" required className="mt-1.5" />
          </div>
          <div>
            <Label htmlFor="registration-email-message">Message</Label>
            <Textarea id="registration-email-message" name="message" rows={5} required className="mt-1.5" />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send e-mail'}
          </Button>
        </fetcher.Form>
      )}
    </section>
  )
}

export { AdminErrorBoundary as ErrorBoundary } from '#app/components/admin/admin-error-boundary.tsx'
