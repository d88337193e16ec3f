import { History } from 'lucide-react'
import { Form } from 'react-router'

import type { Route } from './+types/activity.ts'
import { requireArea } from '#app/auth/session.server.ts'
import { ActivityList } from '#app/components/admin/activity-list.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { Pager } from '#app/components/admin/pager.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { runtimeContext } from '#app/context.ts'
import { ACTIVITY_RETENTION_MONTHS } from '#app/lib/activity.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { activityPage } from '#app/server/activity.server.ts'

export const meta = () => adminMeta('Activity')

const PAGE_MAX = 1_000_000

export async function loader({ request, context }: Route.LoaderArgs) {
  // Administrators only: the log tells of messages and staff changes.
  requireArea(context, 'activity')
  const { db, clock } = context.get(runtimeContext)
  const params = new URL(request.url).searchParams
  const person = params.get('person')?.slice(0, 100) || undefined
  const section = params.get('section')?.slice(0, 100) || undefined
  const pageParam = params.get('page') ?? ''
  const page = /^\d+$/.test(pageParam) ? Math.min(Math.max(1, Number(pageParam)), PAGE_MAX) : 1
  return { ...(await activityPage({ db, clock, person, section, page })), person, section }
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageSize, people, sections, person, section } = loaderData
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const first = (page - 1) * pageSize + 1
  const last = Math.min(page * pageSize, total)
  const href = (to: number) => {
    const params = new URLSearchParams()
    if (person) params.set('person', person)
    if (section) params.set('section', section)
    params.set('page', String(to))
    return `?${params.toString()}`
  }
  return (
    <>
      <PageHeader
        title="Activity"
        description={`Who created, changed or deleted what, and when, and who signed in. Kept for ${ACTIVITY_RETENTION_MONTHS} months.`}
      />
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-xs"
      >
        <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
          <Label htmlFor="activity-person">Person</Label>
          <Select id="activity-person" name="person" defaultValue={person ?? ''}>
            <option value="">Everyone</option>
            {people.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name === choice.email ? choice.email : `${choice.name} (${choice.email})`}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
          <Label htmlFor="activity-section">Section</Label>
          <Select id="activity-section" name="section" defaultValue={section ?? ''}>
            <option value="">All sections</option>
            {sections.map((choice) => (
              <option key={choice.key} value={choice.key}>
                {choice.label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline" className="h-10">
          Show
        </Button>
      </Form>
      <section
        aria-labelledby="activity-entries"
        className="rounded-lg border border-gray-200 bg-white shadow-xs"
      >
        <h2
          id="activity-entries"
          className="border-b border-gray-200 px-4 py-3 text-sm text-gray-600 sm:px-5"
        >
          {total === 0
            ? 'No activity'
            : total <= pageSize && page === 1
              ? `${total} ${total === 1 ? 'entry' : 'entries'}, newest first`
              : `Entries ${first}–${last} of ${total}, newest first`}
        </h2>
        {rows.length === 0 ? (
          <p className="flex items-center gap-2 px-5 py-8 text-sm text-gray-600">
            <History aria-hidden="true" className="size-4" />
            {total > 0
              ? 'No entries on this page.'
              : person || section
                ? 'Nothing matches these choices.'
                : 'Nothing has been done yet.'}
          </p>
        ) : (
          <ActivityList rows={rows} showEmail />
        )}
      </section>
      <Pager
        page={page}
        pageCount={pageCount}
        href={href}
        label="Pages of activity"
        previous={{ text: 'Newer', label: 'Newer entries' }}
        next={{ text: 'Older', label: 'Older entries' }}
      />
    </>
  )
}

// A role that may not use this page sees why, inside the admin.
export { AdminErrorBoundary as ErrorBoundary } from '#app/components/admin/admin-error-boundary.tsx'
