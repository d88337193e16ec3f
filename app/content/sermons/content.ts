import { BookOpen } from 'lucide-react'

import { SermonSchema, SermonSeriesSchema, SpeakerSchema } from './schema.ts'
import { declareTable, defineContent, listScreen, type ScreenTabs } from '../declare.ts'
import { imageAltField } from '#app/lib/admin-fields.ts'
import { ValidationError } from '#app/lib/errors.ts'
import { htmlToText } from '#app/lib/html-to-text.ts'

/** The shorter side a series' picture needs to make its 1,400-pixel podcast picture (enlarged at most twice). */
const ARTWORK_MIN_SIDE = 700

/** The sermons' three screens, one entry in the top bar: Sermons, and their Series and Speakers beside them. */
export const SERMON_TABS: ScreenTabs = {
  label: 'Sermons, series and speakers',
  links: [
    { to: '/admin/sermons', label: 'Sermons' },
    { to: '/admin/sermons/series', label: 'Series' },
    { to: '/admin/sermons/speakers', label: 'Speakers' },
  ],
}

/**
 * Sermons, the series they belong to and who preached them: the archive at /sermons, a page for each sermon and
 * each series. Drafts are staff's alone (`publicWhere`).
 */
export const sermons = defineContent({
  name: 'sermons',
  // Parents first: backups restore in this order.
  tables: {
    sermon_series: declareTable({
      schema: SermonSeriesSchema,
      kind: 'list',
      order: 'created',
      sort: [{ column: 'created_at', direction: 'desc' }],
      translate: ['title', 'description', 'image_alt'],
      richText: ['description'],
      public: true,
      // The series' podcast picture is drawn from its picture at 1,400 pixels square (Apple's least): a picture
      // that would have to be enlarged more than twice would look blurred in every podcast app.
      async computed(series, _stored, lookup) {
        const picture = series.image_url?.startsWith('/media/')
          ? await lookup.picture(series.image_url)
          : null
        if (picture && Math.min(picture.width, picture.height) < ARTWORK_MIN_SIDE) {
          throw new ValidationError({
            image_url:
              `The picture is ${picture.width} × ${picture.height} pixels: the series' podcast picture is made from ` +
              `it at 1,400 pixels square, which needs at least ${ARTWORK_MIN_SIDE} pixels on its shorter side. ` +
              'Choose a larger picture, or none (the podcast then shows the church’s logo).',
          })
        }
        return {}
      },
    }),
    speakers: declareTable({
      schema: SpeakerSchema,
      kind: 'list',
      order: 'created',
      translate: ['name', 'role', 'bio', 'image_alt'],
      richText: ['bio'],
      public: true,
    }),
    sermons: declareTable({
      schema: SermonSchema,
      kind: 'list',
      order: 'created',
      sort: [{ column: 'preached_on', direction: 'desc' }],
      translate: ['title', 'summary', 'image_alt'],
      richText: ['summary'],
      public: true,
      publicWhere: { status: 'published' },
      references: {
        series_id: { table: 'sermon_series', missing: 'There is no such series (it may have been deleted)' },
        speaker_id: { table: 'speakers', missing: 'There is no such speaker (it may have been deleted)' },
      },
      async computed(sermon, stored, lookup) {
        let reading: { osis: string; books: string } | null = null
        if (sermon.scripture) {
          // The parser is loaded only where a sermon is saved (scripture.ts).
          const { readScripture } = await import('./scripture.ts')
          const read = readScripture(sermon.scripture)
          if (read.problem !== undefined) throw new ValidationError({ scripture: read.problem })
          reading = read
        }
        // A file uploaded here carries what was read from it when it arrived; an address elsewhere, nothing (the
        // server never fetches another site's file to measure it).
        let audio: { bytes: number; duration_seconds: number } | null = null
        if (sermon.audio_url?.startsWith('/media/')) {
          audio = await lookup.audioFile(sermon.audio_url)
          if (!audio) {
            throw new ValidationError({
              audio_url: 'Audio must be a sound file uploaded here (MP3 or M4A): upload it again',
            })
          }
        }
        return {
          // Made once: podcast apps know an episode by it, so no edit (nor a re-import) changes it.
          guid: typeof stored?.guid === 'string' ? stored.guid : crypto.randomUUID(),
          scripture_osis: reading?.osis ?? null,
          /** The books the scripture touches, spaced (` John Rom `): the archive's book filter. */
          scripture_books: reading?.books ?? null,
          // Read from the audio file itself, never typed.
          audio_bytes: audio?.bytes ?? null,
          audio_duration_seconds: audio?.duration_seconds ?? null,
        }
      },
    }),
  },
  admin: {
    path: 'sermons',
    file: 'content/sermons/admin.tsx',
    label: 'Sermons',
    icon: BookOpen,
    area: 'content',
    more: [
      {
        path: 'sermons/series',
        edits: 'sermon_series',
        screen: listScreen('sermon_series', SermonSeriesSchema, {
          title: 'Sermon series',
          description:
            'Series group sermons on the Sermons page; deleting one keeps its sermons, without a series.',
          noun: 'Series',
          listHeading: 'Current Series',
          emptyText: 'No series added yet',
          toasts: {
            created: 'Series added successfully',
            updated: 'Series updated successfully',
            deleted: 'Series deleted successfully',
            saveFailed: 'Failed to save series',
            deleteFailed: 'Failed to delete series',
          },
          fields: [
            { kind: 'text', name: 'title', label: 'Title', placeholder: 'Letters to the churches' },
            { kind: 'image', name: 'image_url', label: 'Image' },
            imageAltField({ fallback: 'the series’ title' }),
            { kind: 'rich-text', name: 'description', label: 'Description' },
          ],
          tabs: SERMON_TABS,
          describe: (series) => ({
            title: series.title,
            excerpt: htmlToText(series.description),
            image: { url: series.image_url },
          }),
          view: (series, pagePath) => pagePath('sermon-series', { id: series.id }),
        }),
      },
      {
        path: 'sermons/speakers',
        edits: 'speakers',
        screen: listScreen('speakers', SpeakerSchema, {
          title: 'Speakers',
          description:
            'The people who preach, chosen on each sermon; deleting one keeps their sermons, without a speaker.',
          noun: 'Speaker',
          listHeading: 'Current Speakers',
          emptyText: 'No speakers added yet',
          toasts: {
            created: 'Speaker added successfully',
            updated: 'Speaker updated successfully',
            deleted: 'Speaker deleted successfully',
            saveFailed: 'Failed to save speaker',
            deleteFailed: 'Failed to delete speaker',
          },
          fields: [
            { kind: 'text', name: 'name', label: 'Name', placeholder: 'Pastor Thomas Mathew' },
            { kind: 'text', name: 'role', label: 'Role', placeholder: 'Senior Pastor' },
            { kind: 'image', name: 'image_url', label: 'Photo' },
            imageAltField({ fallback: 'the speaker’s name' }),
            { kind: 'rich-text', name: 'bio', label: 'Bio' },
          ],
          tabs: SERMON_TABS,
          describe: (speaker) => ({
            title: speaker.name,
            meta: [speaker.role],
            excerpt: htmlToText(speaker.bio),
            image: { url: speaker.image_url },
          }),
          view: (speaker, pagePath) => `${pagePath('sermons')}?speaker=${encodeURIComponent(speaker.id)}`,
        }),
      },
      // The YouTube card's channel and "Check now" (the screen's own action is its sermons').
      { path: 'sermons/youtube', file: 'content/sermons/admin-youtube.route.ts' },
    ],
  },
  activity: { sermons: 'Sermons', sermon_series: 'Sermon series', speakers: 'Speakers' },
  pages: {
    sermons: {
      path: 'sermons',
      file: 'content/sermons/sermons-page.tsx',
      nav: 'Sermons',
      query: ['series', 'speaker', 'book', 'page'],
      meta: {
        title: 'Sermons',
        description:
          'Sermons preached at {church}: listen again or catch up, by series, speaker or book of the Bible.',
        shows: ['sermons', 'sermon_series', 'speakers'],
      },
    },
    'sermon-series': { path: 'sermons/series/:id', file: 'content/sermons/series-page.tsx' },
    sermon: { path: 'sermons/:id', file: 'content/sermons/sermon-page.tsx' },
  },
  feeds: {
    // The podcast of every published sermon with audio, and one per series: kept in the page cache like the
    // pages, fresh after any change.
    podcast: {
      path: 'sermons/feed.xml',
      file: 'content/sermons/podcast-feed.route.ts',
      cache: { contentType: 'application/rss+xml' },
      // `/ml/sermons/feed.xml`: the same podcast in another language, its `<language>` its own (issue 46).
      inEachLanguage: true,
    },
    'series-podcast': {
      path: 'sermons/series/:id/feed.xml',
      file: 'content/sermons/series-podcast-feed.route.ts',
      cache: { contentType: 'application/rss+xml' },
      inEachLanguage: true,
    },
    // The podcasts' pictures, drawn once per process and kept a year by their versioned address.
    'podcast-artwork': {
      path: 'sermons/podcast-art/:key/:file',
      file: 'content/sermons/podcast-artwork.route.ts',
      cache: 'download',
    },
  },
})
