import { redirect } from 'react-router'

import type { Route } from './+types/dashboard.ts'
import {
  type AdminSession,
  adminSession,
  mayManageRegistrations,
  mayManageSubscribers,
  sessionMayUse,
} from '#app/auth/session.server.ts'
import { DashboardCounts } from '#app/components/admin/dashboard-counts.tsx'
import { DashboardNotices } from '#app/components/admin/dashboard-notices.tsx'
import { RecentActivity, RecentList } from '#app/components/admin/dashboard-recent.tsx'
import { DashboardToFix } from '#app/components/admin/dashboard-to-fix.tsx'
import { Untranslated } from '#app/components/admin/dashboard-untranslated.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { SetupChecklist } from '#app/components/admin/setup-checklist.tsx'
import { runtimeContext } from '#app/context.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { countContactMessages } from '#app/content/messages/model.server.ts'
import { countSubscribers } from '#app/content/news/model.server.ts'
import { countEvents } from '#app/content/events/model.server.ts'
import { listLargeShares } from '#app/content/registrations/model.server.ts'
import { countGalleryImages, listGalleryImages } from '#app/content/gallery/model.server.ts'
import { countMinistries } from '#app/content/ministries/model.server.ts'
import { countServices } from '#app/content/services/model.server.ts'
import { recentActivity } from '#app/server/activity.server.ts'
import { streamingNotes } from '#app/content/services/live.server.ts'
import { nextDateText, nextEvents, ruleText } from '#app/content/events/events.server.ts'
import { churchToday } from '#app/content/church-info/model.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { mailStatus } from '#app/server/mail-status.server.ts'
import { parseLocalDateTime } from '#app/dates/engine.ts'
import { formatDate, formatTime } from '#app/dates/text.ts'
import { siteSetupSteps } from '#app/server/site-setup.server.ts'
import { untranslatedItems } from '#app/server/translation-status.server.ts'
import { readSiteLanguages } from '#app/models/translations.server.ts'
import { TABLE_ACTIVITY_LABELS, TABLE_SCREENS } from '#app/content/registry.ts'
import { getSetupChecklistHidden, getYoutubeChannel, getYoutubeCheck } from '#app/models/settings.server.ts'

const RECENT_COUNT = 5
const RECENT_ACTIVITY_COUNT = 10
/** Items listed by name under each screen in "need a translation"; the rest are counted. */
const UNTRANSLATED_LISTED = 5

export const meta = () => adminMeta('Dashboard')
export async function loader({ context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext)
  const { db, clock } = runtime
  // An editor sees neither the messages (personal data) nor the server's e-mail settings and their steps.
  const session = adminSession(context)
  // The dashboard is the content's: a treasurer's home is the Gifts screen (decision 0037).
  if (!sessionMayUse(session, 'content')) throw redirect('/admin/gifts')
  const settings = sessionMayUse(session, 'settings')
  const messages = sessionMayUse(session, 'messages')
  // The last ten entries of the activity log, for administrators only.
  const mayReadActivity = sessionMayUse(session, 'activity')
  const [
    serviceCount,
    eventCount,
    ministryCount,
    imageCount,
    upcoming,
    images,
    newMessages,
    mail,
    setup,
    activity,
    setupHidden,
    youtubeChannel,
    youtubeCheck,
    languages,
    untranslated,
    largeShares,
    streaming,
    subscribers,
  ] = await Promise.all([
    countServices({ db }),
    countEvents({ db }),
    countMinistries({ db }),
    countGalleryImages({ db }),
    nextEvents({ db, clock, count: RECENT_COUNT }),
    listGalleryImages({ db, limit: RECENT_COUNT }),
    countContactMessages({ db, status: 'new' }),
    mailStatus(runtime),
    siteSetupSteps({ db }),
    mayReadActivity ? recentActivity({ db, clock, limit: RECENT_ACTIVITY_COUNT }) : null,
    getSetupChecklistHidden({ db }),
    getYoutubeChannel({ db }),
    getYoutubeCheck({ db }),
    readSiteLanguages({ db }),
    untranslatedItems({ db }),
    largeSharesFor(runtime, session),
    streamingNotes({ db, clock }),
    // The weekly news' active subscribers, for those who may see them (as for registrations).
    mayManageSubscribers(runtime, session).then((may) => (may ? countSubscribers({ db }) : null)),
  ])
  return {
    // Live now; a streamed service whose recording never reached the channel; times the website could not read.
    streaming: {
      ...streaming,
      noRecording: streaming.noRecording && {
        ...streaming.noRecording,
        start: `${formatDate(streaming.noRecording.start, false)}, ${formatTime(streaming.noRecording.start)}`,
      },
    },
    mail: settings ? mail : null,
    // The church's YouTube channel could not be read at its last check: why, in words.
    youtubeProblem:
      youtubeChannel && youtubeCheck?.channel_id === youtubeChannel.channel_id ? youtubeCheck.problem : null,
    // Hidden by an administrator: gone for everyone (each step stays on its own screen).
    setup: setupHidden ? [] : settings ? setup : setup.filter((step) => step.to !== '/admin/settings'),
    mayHideSetup: settings,
    activity,
    counts: countCards({
      newMessages: messages ? newMessages : null,
      serviceCount,
      eventCount,
      ministryCount,
      imageCount,
      subscribers: subscribers?.active ?? null,
    }),
    // The next five by date (a regular event at its next date), and those kept with only their old text.
    events: upcoming.events.map(({ event, next }) => ({
      id: event.id,
      title: event.title,
      date: `${nextDateText(next!, upcoming.today)}${event.all_day ? '' : `, ${formatTime(next!.start)}`}`,
    })),
    undated: upcoming.undated.map(({ id, title, date, time }) => ({
      id,
      title,
      date: [date, time].filter(Boolean).join(', ') || null,
    })),
    // Repeating events whose rule the website cannot work out (stored before rules were bounded), and why.
    unworkable: upcoming.unworkable.map(({ event, problem }) => ({
      id: event.id,
      title: event.title,
      rule: ruleText(event),
      problem,
    })),
    // Upcoming dates on which one e-mail address or one connection holds half the places or more.
    largeShares: largeShares.map((share) => {
      const start = parseLocalDateTime(share.occurrence)
      return {
        key: `${share.eventId} ${share.occurrence} ${share.by}`,
        eventId: share.eventId,
        title: share.title,
        date: start
          ? `${nextDateText({ start, end: start }, upcoming.today)}, ${formatTime(start)}`
          : share.occurrence,
        holder: share.by === 'address' ? 'One e-mail address' : 'One connection (IP address)',
        held: share.held,
        capacity: share.capacity,
      }
    }),
    images: images.map(({ id, title, category }) => ({ id, title, category })),
    translations: translationsByScreen(languages, untranslated),
  }
}

/** The dashboard's cards of counts: new messages and subscribers only for those who may see them (null). */
function countCards({
  newMessages,
  serviceCount,
  eventCount,
  ministryCount,
  imageCount,
  subscribers,
}: {
  newMessages: number | null
  serviceCount: number
  eventCount: number
  ministryCount: number
  imageCount: number
  subscribers: number | null
}) {
  return [
    ...(newMessages !== null
      ? [
          {
            label: 'New messages',
            count: newMessages,
            to: '/admin/messages?status=new',
            icon: 'messages',
          } as const,
        ]
      : []),
    { label: 'Services', count: serviceCount, to: '/admin/services', icon: 'services' },
    { label: 'Events', count: eventCount, to: '/admin/events', icon: 'events' },
    { label: 'Ministries', count: ministryCount, to: '/admin/ministries', icon: 'ministries' },
    { label: 'Gallery Images', count: imageCount, to: '/admin/gallery', icon: 'gallery' },
    ...(subscribers !== null
      ? [
          {
            label: 'Subscribers',
            count: subscribers,
            to: '/admin/subscribers?status=active',
            icon: 'subscribers',
          } as const,
        ]
      : []),
  ] as const
}

/** On a site of more than one language: what still shows in the main language on the others' pages, by screen. */
function translationsByScreen(
  languages: readonly string[],
  untranslated: Awaited<ReturnType<typeof untranslatedItems>>,
) {
  if (languages.length <= 1) return null
  return {
    others: languages.slice(1),
    count: untranslated.length,
    screens: [...new Set(untranslated.map((item) => item.table))].map((table) => {
      const items = untranslated.filter((item) => item.table === table)
      return {
        label: TABLE_ACTIVITY_LABELS[table] ?? table,
        to: `${TABLE_SCREENS[table]}?lang=${items[0].languages[0]}`,
        count: items.length,
        items: items
          .slice(0, UNTRANSLATED_LISTED)
          .map(({ id, title, to, languages: missing }) => ({ id, title, to, missing })),
      }
    }),
  }
}

/** The dates where one client holds a large share of the places, for those who may see registrations. */
async function largeSharesFor(runtime: AppRuntime, session: AdminSession) {
  if (!(await mayManageRegistrations(runtime, session))) return []
  const { today } = await churchToday(runtime)
  return listLargeShares({ db: runtime.db, endingFrom: today.toString() })
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    counts,
    events,
    undated,
    unworkable,
    images,
    mail,
    setup,
    mayHideSetup,
    activity,
    youtubeProblem,
    translations,
    largeShares,
    streaming,
  } = loaderData
  return (
    <>
      <PageHeader title="Dashboard" description="An overview of the church website's content." />
      {/* A phone's first screen shows what is left to set up and the counts; notices for whoever runs the
          server come after them. */}
      <SetupChecklist steps={setup} mayHide={mayHideSetup} />
      <DashboardCounts counts={counts} />
      <DashboardNotices streaming={streaming} mail={mail} youtubeProblem={youtubeProblem} />
      <DashboardToFix
        undated={undated}
        unworkable={unworkable}
        unread={streaming.unread}
        largeShares={largeShares}
      />
      {translations ? <Untranslated {...translations} /> : null}
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <RecentList
          title="Upcoming Events"
          to="/admin/events"
          empty="No upcoming events"
          items={events.map((event) => ({ id: event.id, primary: event.title, secondary: event.date }))}
        />
        <RecentList
          title="Recent Gallery Images"
          to="/admin/gallery"
          empty="No images added yet"
          capitalize
          items={images.map((image) => ({ id: image.id, primary: image.title, secondary: image.category }))}
        />
      </div>
      {activity ? <RecentActivity rows={activity} /> : null}
    </>
  )
}
