import {
  ArrowRight,
  CalendarDays,
  CalendarX,
  HandHeart,
  Images,
  Languages,
  type LucideIcon,
  Mail,
  Music,
  Newspaper,
  Repeat,
  Users,
  Video,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, redirect } from 'react-router'

import type { Route } from './+types/dashboard.ts'
import {
  type AdminSession,
  adminSession,
  mayManageRegistrations,
  mayManageSubscribers,
  sessionMayUse,
} from '#app/auth/session.server.ts'
import { ActivityList } from '#app/components/admin/activity-list.tsx'
import { LanguageLabel } from '#app/components/admin/language-label.tsx'
import { MailNotices } from '#app/components/admin/mail-notices.tsx'
import { PageHeader } from '#app/components/admin/page-header.tsx'
import { SetupChecklist } from '#app/components/admin/setup-checklist.tsx'
import { runtimeContext } from '#app/context.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { cn } from '#app/lib/cn.ts'
import { countContactMessages } from '#app/content/messages/model.server.ts'
import { countSubscribers } from '#app/content/news/model.server.ts'
import { countEvents } from '#app/content/events/model.server.ts'
import { listLargeShares } from '#app/content/registrations/model.server.ts'
import { countGalleryImages, listGalleryImages } from '#app/content/gallery/model.server.ts'
import { countMinistries } from '#app/content/ministries/model.server.ts'
import { countServices } from '#app/content/services/model.server.ts'
import { recentActivity } from '#app/server/activity.server.ts'
import { streamingNotes } from '#app/content/services/live.server.ts'
import { churchToday, nextDateText, nextEvents, ruleText } from '#app/content/events/events.server.ts'
import type { AppRuntime } from '#app/runtime.server.ts'
import { mailStatus } from '#app/server/mail-status.server.ts'
import { parseLocalDateTime } from '#app/content/events/dates.ts'
import { formatDate, formatTime } from '#app/content/events/date-text.ts'
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
    counts: [
      ...(messages
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
      ...(subscribers
        ? [
            {
              label: 'Subscribers',
              count: subscribers.active,
              to: '/admin/subscribers?status=active',
              icon: 'subscribers',
            } as const,
          ]
        : []),
    ] as const,
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
    // On a site of more than one language: what still shows in the main language on the others' pages, by screen.
    translations:
      languages.length > 1
        ? {
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
        : null,
  }
}

/** The dates where one client holds a large share of the places, for those who may see registrations. */
async function largeSharesFor(runtime: AppRuntime, session: AdminSession) {
  if (!(await mayManageRegistrations(runtime, session))) return []
  const { today } = await churchToday(runtime)
  return listLargeShares({ db: runtime.db, endingFrom: today.toString() })
}

const ICONS = {
  messages: Mail,
  services: Music,
  events: CalendarDays,
  ministries: HandHeart,
  gallery: Images,
  subscribers: Newspaper,
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
      <ul
        className={cn(
          'grid grid-cols-2 gap-3 sm:gap-4',
          // Six cards in one row would break their words: two rows of three.
          counts.length > 5 ? 'lg:grid-cols-3' : 'lg:grid-cols-5',
        )}
      >
        {counts.map(({ label, count, to, icon }) => {
          const Icon = ICONS[icon]
          return (
            // Cards in two columns on phones: the messages card (and the subscribers', when shown) takes a row of
            // its own.
            <li
              key={to}
              className={cn((icon === 'messages' || icon === 'subscribers') && 'col-span-2 lg:col-span-1')}
            >
              <Link
                to={to}
                className="group flex h-full items-center gap-3 rounded-lg border border-gray-200 bg-white p-3 shadow-xs transition hover:border-primary/40 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:gap-4 sm:p-5"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary sm:size-11">
                  <Icon aria-hidden="true" className="size-4 sm:size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-xs font-medium text-gray-600 sm:text-sm">{label}</span>
                  <span className="block text-2xl font-semibold tracking-tight text-gray-950 sm:text-3xl">
                    {count}
                  </span>
                </span>
                <ArrowRight
                  aria-hidden="true"
                  className="hidden size-4 text-gray-400 transition group-hover:translate-x-0.5 group-hover:text-primary sm:block"
                />
              </Link>
            </li>
          )
        })}
      </ul>
      {streaming.liveNow ? (
        <section
          aria-labelledby="live-now"
          className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-950"
        >
          <h2 id="live-now" className="flex items-center gap-2 font-semibold">
            <span className="size-2.5 rounded-full bg-red-600 motion-safe:animate-pulse" aria-hidden="true" />
            Live now: {streaming.liveNow.name}
          </h2>
          <a href="/live" className="font-medium underline">
            See the live page
          </a>
        </section>
      ) : null}
      {streaming.noRecording ? (
        <section
          aria-labelledby="no-recording"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <h2 id="no-recording" className="flex items-center gap-2 font-semibold">
            <Video aria-hidden="true" className="size-4 shrink-0" />
            No recording of {streaming.noRecording.name} on {streaming.noRecording.start}
          </h2>
          <p className="mt-1">
            {streaming.noRecording.channel
              ? 'The channel listed no video published around that service, so no draft sermon was made from it. If it was streamed, add its link to a sermon by hand.'
              : 'No YouTube channel is set, so recordings cannot become sermons: give the channel on the Sermons screen.'}{' '}
            <Link to="/admin/sermons#youtube-import" className="font-medium underline">
              Sermons
            </Link>
          </p>
        </section>
      ) : null}
      {mail ? <MailNotices status={mail} className="mt-6" /> : null}
      {youtubeProblem ? (
        <section
          aria-labelledby="youtube-problem"
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <h2 id="youtube-problem" className="flex items-center gap-2 font-semibold">
            <Video aria-hidden="true" className="size-4 shrink-0" />
            The church’s YouTube channel could not be read
          </h2>
          <p className="mt-1">
            {youtubeProblem}. New videos are not made draft sermons until it can be; the website tries again
            tomorrow, or{' '}
            <Link to="/admin/sermons#youtube-import" className="font-medium underline">
              check the channel in Sermons
            </Link>
            .
          </p>
        </section>
      ) : null}
      <EventsToFix
        id="needs-a-date"
        icon={CalendarX}
        heading={undated.length === 1 ? '1 event needs a date' : `${undated.length} events need a date`}
        why="Their dates were typed as text the website cannot read, so it cannot tell when they are over or list them by date: visitors stop seeing them 30 days after they were added. Open each one in Events and choose its date."
        events={undated.map((event) => ({
          id: event.id,
          title: event.title,
          detail: event.date ? <span> — was “{event.date}”</span> : null,
        }))}
      />
      <EventsToFix
        id="rules-not-worked-out"
        icon={Repeat}
        heading={
          unworkable.length === 1
            ? '1 event has a repeat rule the website cannot work out'
            : `${unworkable.length} events have a repeat rule the website cannot work out`
        }
        why="The website cannot tell when they take place: visitors see how they repeat but no dates, and they are left out of the calendar feed. Open each one in Events and change how it repeats."
        events={unworkable.map((event) => ({
          id: event.id,
          title: event.title,
          detail: (
            <>
              <span> — “{event.rule}”</span>
              <span className="block">{event.problem}</span>
            </>
          ),
        }))}
      />
      <EventsToFix
        id="services-unread"
        icon={CalendarX}
        heading={
          streaming.unread.length === 1
            ? '1 service needs its times'
            : `${streaming.unread.length} services need their times`
        }
        why="Their day and time were typed as text the website could not read into a schedule, so nothing can be worked out from them (the live page, the weekly news). They are shown as typed. Open each one in Services and choose “When”."
        events={streaming.unread.map((service) => ({
          id: service.id,
          title: service.name,
          to: `/admin/services?edit=${service.id}`,
          detail: service.said ? <span> — “{service.said}”</span> : null,
        }))}
      />
      <EventsToFix
        id="large-shares"
        icon={Users}
        heading={
          largeShares.length === 1
            ? '1 date has half its places or more taken by one person'
            : `${largeShares.length} dates have half their places or more taken by one person`
        }
        why="One e-mail address, or sign-ups from one connection, hold them. It may be a family or a group the church knows; if it is not, look at the registrations and cancel any that should not hold places."
        events={largeShares.map((share) => ({
          key: share.key,
          id: share.eventId,
          title: share.title,
          to: `/admin/events/${share.eventId}/registrations`,
          detail: (
            <span>
              {' '}
              — {share.date}: {share.holder} holds {share.held} of {share.capacity} places
            </span>
          ),
        }))}
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
      {activity ? (
        <section
          aria-labelledby="recent-activity"
          className="mt-6 rounded-lg border border-gray-200 bg-white shadow-xs"
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-5 py-4">
            <h2 id="recent-activity" className="font-semibold text-gray-950">
              Recent Activity
            </h2>
            <Link
              to="/admin/activity"
              className="rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              See all<span className="sr-only"> activity</span>
            </Link>
          </div>
          {activity.length === 0 ? (
            <p className="px-5 py-6 text-sm text-gray-600">Nothing has been done yet</p>
          ) : (
            <ActivityList rows={activity} />
          )}
        </section>
      ) : null}
    </>
  )
}

function RecentList({
  title,
  to,
  empty,
  items,
  capitalize = false,
}: {
  title: string
  to: string
  empty: string
  items: { id: string; primary: string; secondary: string | null }[]
  capitalize?: boolean
}) {
  const headingId = `recent-${to.split('/').pop()}`
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white shadow-xs">
      <div className="flex items-center justify-between border-b border-gray-200 px-5 py-4">
        <h2 id={headingId} className="font-semibold text-gray-950">
          {title}
        </h2>
        <Link
          to={to}
          className="rounded-sm text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Manage<span className="sr-only"> {title.replace(/^(Recent|Upcoming) /, '').toLowerCase()}</span>
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="px-5 py-6 text-sm text-gray-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-0.5 px-5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
            >
              <span className="min-w-0 font-medium text-gray-900 sm:truncate">{item.primary}</span>
              <span className={cn('shrink-0 text-sm text-gray-600', capitalize && 'capitalize')}>
                {item.secondary ?? '—'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Events staff should look at (the website cannot place them in time; one client holds much of a date): why, and what to do. */
function EventsToFix({
  id,
  icon: Icon,
  heading,
  why,
  events,
}: {
  id: string
  icon: LucideIcon
  heading: string
  why: string
  /** Each opens in the event's form, or at `to`; `key` when an event is listed more than once. */
  events: Array<{ key?: string; id: string; title: string; to?: string; detail: ReactNode }>
}) {
  if (events.length === 0) return null
  return (
    <section
      aria-labelledby={id}
      className="mt-8 rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 text-amber-950"
    >
      <h2 id={id} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="size-5" />
        {heading}
      </h2>
      <p className="mt-1 text-sm">{why}</p>
      <ul className="mt-3 space-y-2 text-sm">
        {events.map((event) => (
          <li key={event.key ?? event.id}>
            <Link
              to={event.to ?? `/admin/events?edit=${event.id}`}
              className="font-semibold underline underline-offset-2 hover:no-underline"
            >
              {event.title}
            </Link>
            {event.detail}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The items whose words the site's other languages still show in the main one, by screen, each opening in its
 * form on the tab of the language it lacks (issue 28).
 */
function Untranslated({
  others,
  count,
  screens,
}: {
  others: string[]
  count: number
  screens: Array<{
    label: string
    to: string
    count: number
    items: Array<{ id: string; title: string; to: string; missing: string[] }>
  }>
}) {
  const languages = others.map((code, index) => (
    <span key={code}>
      {index === 0 ? null : index === others.length - 1 ? ' and ' : ', '}
      <LanguageLabel code={code} />
    </span>
  ))
  return (
    <section
      aria-labelledby="untranslated"
      className="mt-6 rounded-lg border border-gray-200 bg-white shadow-xs"
    >
      <div className="border-b border-gray-200 px-5 py-4">
        <h2 id="untranslated" className="flex items-center gap-2 font-semibold text-gray-950">
          <Languages aria-hidden="true" className="size-5 text-primary" />
          {count === 0
            ? 'Every item is translated'
            : count === 1
              ? '1 item needs a translation'
              : `${count} items need a translation`}
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          {count === 0 ? (
            <>Everything written in the main language is also in {languages}.</>
          ) : (
            <>
              Until they are translated, their {languages} pages show these words in the main language. Each
              opens in its form on the language’s tab.
            </>
          )}
        </p>
      </div>
      {count === 0 ? null : (
        <ul className="grid gap-x-6 gap-y-5 px-5 py-4 sm:grid-cols-2 lg:grid-cols-3">
          {screens.map((screen) => (
            <li key={screen.to}>
              <h3 className="text-sm font-semibold text-gray-900">
                {screen.label} <span className="font-normal text-gray-600">({screen.count})</span>
              </h3>
              <ul className="mt-1.5 space-y-1 text-sm">
                {screen.items.map((item) => (
                  <li key={item.id}>
                    <Link
                      to={item.to}
                      className="font-medium text-primary underline-offset-2 hover:underline"
                    >
                      {item.title}
                    </Link>
                    {others.length > 1 ? (
                      <span className="text-gray-600"> — {item.missing.join(', ')}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
              {screen.count > screen.items.length ? (
                <Link
                  to={screen.to}
                  className="mt-1.5 inline-block text-sm font-medium text-gray-700 underline underline-offset-2 hover:no-underline"
                >
                  and {screen.count - screen.items.length} more in {screen.label}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
