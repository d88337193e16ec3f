import type { Route } from './+types/admin.ts'
import { ScreenTabs } from '#app/components/admin/screen-tabs.tsx'
import { type AdminField, imageAltField } from '#app/lib/admin-fields.ts'
import { CrudScreen, type CrudWords } from '#app/components/admin/crud-screen.tsx'
import { runtimeContext } from '#app/context.ts'
import { crudAction } from '#app/server/admin-actions.server.ts'
import { adminMeta } from '#app/lib/admin-meta.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'
import { scriptureInWords } from './books.ts'
import {
  createSermon,
  deleteSermon,
  listSermons,
  listSermonSeries,
  listSpeakers,
  updateSermon,
} from './model.server.ts'
import { SermonSchema } from './schema.ts'
import { SERMON_TABS, sermons } from './content.ts'
import { pagePath } from '#app/content/registry.ts'
import { churchTimeZone } from '#app/content/church-info/model.server.ts'
import { formatMessageDate } from '#app/lib/message-format.ts'
import { getYoutubeChannel, getYoutubeCheck } from '#app/models/settings.server.ts'
import { FeedHealthPanel } from './admin-feed-health.tsx'
import { YoutubeImportCard } from './admin-youtube.tsx'
import { podcastHealth } from './feed-health.server.ts'

const TOASTS = {
  created: 'Sermon added successfully',
  updated: 'Sermon updated successfully',
  deleted: 'Sermon deleted successfully',
  saveFailed: 'Failed to save sermon',
  deleteFailed: 'Failed to delete sermon',
}

const STATUS_LABELS = { draft: 'Draft', published: 'Published' } as const

type Option = { value: string; label: string }

function sermonFields(series: Option[], speakers: Option[]): AdminField[] {
  return [
    { kind: 'text', name: 'title', label: 'Title', required: true, placeholder: 'The Good Shepherd' },
    { kind: 'date', name: 'preached_on', label: 'Date preached', required: true, half: true },
    {
      kind: 'select',
      name: 'status',
      label: 'Status',
      required: true,
      defaultValue: 'draft',
      half: true,
      options: [
        { value: 'draft', label: STATUS_LABELS.draft },
        { value: 'published', label: STATUS_LABELS.published },
      ],
      hint: 'Drafts are kept here; only published sermons are on the website.',
    },
    {
      kind: 'select',
      name: 'series_id',
      label: 'Series',
      options: [{ value: '', label: 'None' }, ...series],
      create: {
        label: 'New series',
        api: '/api/sermon_series',
        field: { name: 'title', label: 'Series title' },
      },
      half: true,
    },
    {
      kind: 'select',
      name: 'speaker_id',
      label: 'Speaker',
      options: [{ value: '', label: 'None' }, ...speakers],
      create: {
        label: 'New speaker',
        api: '/api/speakers',
        field: { name: 'name', label: 'Speaker’s name' },
      },
      half: true,
    },
    {
      kind: 'text',
      name: 'scripture',
      label: 'Scripture',
      placeholder: 'John 3:16-21; Rom 8',
      hint: 'Books may be shortened; separate passages with a semicolon.',
    },
    {
      kind: 'url',
      name: 'video_url',
      label: 'Video (YouTube or Vimeo)',
      placeholder: 'https://www.youtube.com/watch?v=…',
    },
    {
      kind: 'audio',
      name: 'audio_url',
      label: 'Audio',
      hint: 'Its length and size are read from the file when it is saved, for the sermon page and the podcast.',
    },
    { kind: 'url', name: 'notes_url', label: 'Sermon notes (address)', placeholder: 'https://…', half: true },
    {
      kind: 'url',
      name: 'transcript_url',
      label: 'Transcript (address)',
      placeholder: 'https://…',
      half: true,
    },
    { kind: 'image', name: 'image_url', label: 'Image' },
    imageAltField({ fallback: 'the sermon’s title' }),
    { kind: 'rich-text', name: 'summary', label: 'Summary' },
  ]
}

export const meta = () => adminMeta('Sermons')

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage, siteAddress } = context.get(runtimeContext)
  const address = await siteAddress.get()
  const [items, series, speakers, health, channel, check, zone] = await Promise.all([
    listSermons({ db }),
    listSermonSeries({ db }),
    listSpeakers({ db }),
    // Apple's checks on the feeds, as they are now: after every save, the screen loads again.
    podcastHealth({ db, storage, origin: address ?? new URL(request.url).origin }),
    getYoutubeChannel({ db }),
    getYoutubeCheck({ db }),
    churchTimeZone({ db }),
  ])
  return {
    items,
    series: series.map((item) => ({ value: item.id, label: item.title })),
    speakers: speakers.map((item) => ({ value: item.id, label: item.name })),
    health,
    siteAddressKnown: address !== null,
    youtube: {
      address: channel?.address ?? null,
      // The last check of this channel (one of a channel since replaced says nothing of it).
      check:
        channel && check && check.channel_id === channel.channel_id
          ? {
              when: formatMessageDate(check.checked_at, zone),
              problem: check.problem,
              imported: check.imported,
            }
          : null,
    },
  }
}

export async function action(args: Route.ActionArgs) {
  return crudAction(
    args,
    { create: createSermon, update: updateSermon, delete: deleteSermon },
    TOASTS,
    // A draft is on no public page: nothing to view yet.
    (sermon) => (sermon.status === 'published' ? pagePath('sermon', { id: sermon.id }) : ''),
  )
}

/** The screen's wording (its toasts are the action's too). */
const WORDS: CrudWords = {
  title: 'Sermons',
  description:
    'The sermon archive on the Sermons page, newest first. Series and speakers are chosen from their own lists.',
  noun: 'Sermon',
  listHeading: 'Current Sermons',
  emptyText: 'No sermons added yet',
  toasts: TOASTS,
}

export default function SermonsScreen({ loaderData }: Route.ComponentProps) {
  const { series, speakers, health, siteAddressKnown, youtube } = loaderData
  const names = new Map([...series, ...speakers].map((option) => [option.value, option.label]))
  return (
    <CrudScreen
      words={WORDS}
      items={loaderData.items}
      fields={sermonFields(series, speakers)}
      schema={SermonSchema}
      translate={sermons.tables.sermons.translate}
      headerLinks={<ScreenTabs tabs={SERMON_TABS} />}
      after={
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
          <FeedHealthPanel feeds={health} siteAddressKnown={siteAddressKnown} />
          <YoutubeImportCard address={youtube.address} check={youtube.check} />
        </div>
      }
      describe={(sermon) => ({
        title: sermon.title,
        badge: STATUS_LABELS[sermon.status],
        meta: [
          sermon.preached_on,
          sermon.speaker_id ? names.get(sermon.speaker_id) : null,
          sermon.series_id ? names.get(sermon.series_id) : null,
          scriptureInWords(sermon.scripture_osis) || null,
        ],
        excerpt: htmlToText(sermon.summary),
      })}
    />
  )
}
