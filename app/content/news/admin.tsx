import { Download } from 'lucide-react'
import { data } from 'react-router'

import type { Route } from './+types/admin.ts'
import { actorFromSession, requireSubscribersArea } from '#app/auth/session.server.ts'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { runtimeContext } from '#app/context.ts'
import { type AdminActionResult, fieldErrorsMessage } from '#app/lib/admin-action-result.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { HttpError } from '#app/lib/errors.ts'
import { languageName } from '#app/lib/languages.ts'
import { formatMessageDate } from '#app/lib/message-format.ts'
import { getDigestNotice } from '#app/models/settings.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import { sessionEnded } from '#app/server/admin-actions.server.ts'
import { readFormBody } from '#app/server/api.server.ts'
import { SubscriberList } from './admin-subscriber-list.tsx'
import { ComingDigestCard, DigestTimeCard, RecentDigestsCard } from './admin-weekly-news.tsx'
import { DigestNoticeCard } from './admin-digest-notice.tsx'
import { countSubscribers, getSubscriberById, listConsents, listSubscribers } from './model.server.ts'
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from './schema.ts'
import {
  comingDigest,
  recentDigests,
  subscribersAction,
  subscribersActionFailedToast,
} from './subscribers-admin.server.ts'

const PAGE_SIZE = 100

export const meta = () => adminMeta('Subscribers')

/**
 * Subscribers (issue 48): the weekly news' list by state, searched, with one address's consent history
 * (`?history=<id>`), and the weekly news itself: when it leaves, the coming one as subscribers will get it, the
 * last weeks' sends. Administrators', and editors' when Settings allows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSubscribersArea(context)
  const runtime = context.get(runtimeContext)
  const { db } = runtime
  const url = new URL(request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200)
  const statusParam = url.searchParams.get('status') ?? ''
  const status = (SUBSCRIBER_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as SubscriberStatus)
    : undefined
  const historyId = url.searchParams.get('history')
  const [{ items, total }, counts, coming, digests, historyOf, notice, languages] = await Promise.all([
    listSubscribers({ db, status, q, limit: PAGE_SIZE }),
    countSubscribers({ db }),
    comingDigest(runtime),
    recentDigests({ db }),
    historyId ? getSubscriberById({ db, id: historyId }) : null,
    getDigestNotice({ db }),
    readSiteLanguages({ db }),
  ])
  const zone = coming.zone
  const when = (iso: string | null) => (iso ? formatMessageDate(iso, zone) : null)
  const consents = historyOf ? await listConsents({ db, email: historyOf.email }) : []
  return {
    q,
    status: status ?? '',
    total,
    counts,
    items: items.map((item) => ({
      ...item,
      languageName: languageName(item.language, 'en'),
      since: when(item.confirmed_at ?? item.created_at)!,
    })),
    history: historyOf && {
      subscriber: historyOf,
      consents: consents.map((consent) => ({ ...consent, when: when(consent.at)! })),
    },
    coming: {
      ...coming,
      leaves: new Date(coming.dueAt).toLocaleString('en-IE', {
        timeZone: zone,
        dateStyle: 'full',
        timeStyle: 'short',
      }),
      previews: coming.previews.map((preview) => ({
        ...preview,
        languageName: languageName(preview.language, 'en'),
      })),
    },
    digests: digests.map((digest) => ({ ...digest, started: when(digest.started_at) })),
    mailEnabled: runtime.mail !== null,
    notice: {
      languages: languages.map((language) => ({ language, name: languageName(language, 'en') })),
      html: notice?.html ?? {},
      expires_on: notice?.expires_on ?? '',
    },
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSubscribersArea(context, { inAction: true })
  const runtime = context.get(runtimeContext)
  let intent = ''
  try {
    const form = await readFormBody(request)
    intent = String(form.get('intent') ?? '')
    if (!session) return sessionEnded(intent, subscribersActionFailedToast(intent))
    const actor = actorFromSession(session, runtime.clock)
    const toast = await subscribersAction({ runtime, form, actor })
    return { ok: true, intent, toast } satisfies AdminActionResult
  } catch (error) {
    const toast = subscribersActionFailedToast(intent)
    if (!(error instanceof HttpError)) {
      runtime.logger.error({ err: error, intent }, 'subscribers action failed')
      const failed = {
        ok: false,
        intent,
        toast,
        error: 'Something went wrong on our side. Please try again.',
      }
      return data(failed satisfies AdminActionResult, { status: 500 })
    }
    const error_ = error.fields ? fieldErrorsMessage(error.fields) : error.message
    return data(
      { ok: false, intent, toast, error: error_, fields: error.fields } satisfies AdminActionResult,
      {
        status: error.status,
      },
    )
  }
}

export default function SubscribersScreen({ loaderData }: Route.ComponentProps) {
  const { q, status, counts } = loaderData
  const exportParams = new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}) })
  return (
    <>
      <PageHeader
        title="Subscribers"
        description={`The weekly news by e-mail: ${counts.active} active, ${counts.pending} waiting to confirm.`}
      >
        <a
          href={`/admin/subscribers/export${exportParams.size ? `?${exportParams}` : ''}`}
          className={buttonClasses({ variant: 'outline' })}
          download
        >
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </PageHeader>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <SubscriberList
          q={q}
          status={status}
          counts={counts}
          total={loaderData.total}
          items={loaderData.items}
          history={loaderData.history}
        />
        <div className="space-y-6">
          <DigestTimeCard coming={loaderData.coming} />
          <DigestNoticeCard notice={loaderData.notice} />
          <RecentDigestsCard digests={loaderData.digests} />
        </div>
      </div>
      <ComingDigestCard coming={loaderData.coming} mailEnabled={loaderData.mailEnabled} />
    </>
  )
}

export { AdminErrorBoundary as ErrorBoundary } from '#app/components/admin/admin-error-boundary.tsx'
